/**
 * The contact inbox beside its list (the list machine owns search, paging, the unread filter and
 * deletion): `message.open {message}` shows a message and marks it read on the server when it was
 * unread; `message.markUnread` puts it back; `message.close` closes it. After a change the list
 * reloads so its read badges follow; failures become a toast and the message stays open.
 */
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ContactMessage } from '../../contract/contact.contract.ts';
import type { ListActorRef } from './list.machine.ts';
import { failureNotice, notProvided, type Notice } from './notify.ts';

export interface ContactInboxContext {
  list: ListActorRef;
  message: ContactMessage | null;
}

export type ContactInboxEvent =
  | { type: 'message.open'; message: ContactMessage }
  | { type: 'message.markUnread' }
  | { type: 'message.close' };

export const contactInboxMachine = setup({
  types: {
    context: {} as ContactInboxContext,
    events: {} as ContactInboxEvent,
    input: {} as { list: ListActorRef },
  },
  actors: {
    setRead: fromPromise<ContactMessage, { id: string; read: boolean }>(async () => notProvided('setRead')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    refreshList: sendTo(({ context }) => context.list, { type: 'list.refresh' }),
  },
  guards: {
    isUnread: ({ event }) => event.type === 'message.open' && !event.message.read,
  },
}).createMachine({
  id: 'contactInbox',
  context: ({ input }) => ({ list: input.list, message: null }),
  initial: 'closed',
  on: {
    'message.open': [
      {
        guard: 'isUnread',
        target: '.markingRead',
        actions: assign(({ event }) => ({ message: event.message })),
      },
      { target: '.open', actions: assign(({ event }) => ({ message: event.message })) },
    ],
  },
  states: {
    closed: {},
    open: {
      on: {
        'message.close': { target: 'closed', actions: assign({ message: null }) },
        'message.markUnread': 'markingUnread',
      },
    },
    markingRead: {
      invoke: {
        id: 'markRead',
        src: 'setRead',
        input: ({ context }) => ({ id: context.message?.id ?? '', read: true }),
        onDone: {
          target: 'open',
          actions: [assign(({ event }) => ({ message: event.output })), 'refreshList'],
        },
        onError: {
          target: 'open',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
    markingUnread: {
      invoke: {
        id: 'markUnread',
        src: 'setRead',
        input: ({ context }) => ({ id: context.message?.id ?? '', read: false }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ message: null }),
            'refreshList',
            { type: 'notify', params: { kind: 'success', key: 'contact-inbox:markedUnread' } },
          ],
        },
        onError: {
          target: 'open',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
  },
});

export type ContactInboxActorRef = ActorRefFrom<typeof contactInboxMachine>;
