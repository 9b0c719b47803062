/**
 * "Add addresses" of the suppression list: closed -> editing -> submitting -> closed (with a
 * success toast and a list refresh) or back to editing with the problem shown. The addresses are
 * checked with the contract's own e-mail rule before anything is sent, so the server's answer and
 * the form's agree.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { emailSchema } from '../../../contract/email.contract.ts';
import { MAX_MANUAL_SUPPRESSIONS } from '../../../contract/suppressions.contract.ts';
import { toAppError, toastKeyOf } from '../../lib/app-error.ts';
import { notProvided, type Notice } from '../notify.ts';

export type AddProblem = { key: string; email?: string };

/** The addresses of the text (one per line, or separated by commas, semicolons or spaces). */
export function addressesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** The first problem with the text, if any. */
export function problemOf(text: string): AddProblem | null {
  const emails = addressesOf(text);
  if (emails.length === 0) return { key: 'suppressions:add.required' };
  if (emails.length > MAX_MANUAL_SUPPRESSIONS) return { key: 'validation.tooLong' };
  const wrong = emails.find((email) => !emailSchema.safeParse(email).success);
  return wrong ? { key: 'suppressions:add.invalid', email: wrong } : null;
}

type Context = { text: string; problem: AddProblem | null };

type Event =
  | { type: 'add.open' }
  | { type: 'add.close' }
  | { type: 'add.change'; text: string }
  | { type: 'add.submit' };

export const addSuppressionsMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    addEmails: fromPromise<{ added: number }, { emails: string[] }>(async () => notProvided('addEmails')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    refreshList: () => {},
  },
  guards: {
    isValid: ({ context }) => problemOf(context.text) === null,
  },
}).createMachine({
  id: 'addSuppressions',
  initial: 'closed',
  context: { text: '', problem: null },
  states: {
    closed: {
      on: { 'add.open': { target: 'editing', actions: assign({ text: '', problem: null }) } },
    },
    editing: {
      on: {
        'add.close': 'closed',
        'add.change': { actions: assign({ text: ({ event }) => event.text, problem: null }) },
        'add.submit': [
          { guard: 'isValid', target: 'submitting' },
          { actions: assign({ problem: ({ context }) => problemOf(context.text) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'addEmails',
        src: 'addEmails',
        input: ({ context }) => ({ emails: addressesOf(context.text) }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notify', params: { kind: 'success', key: 'suppressions:add.done' } },
            'refreshList',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ problem: ({ event }) => ({ key: toastKeyOf(toAppError(event.error)) }) }),
        },
      },
    },
  },
});

export type AddSuppressionsActorRef = ActorRefFrom<typeof addSuppressionsMachine>;
export const selectIsOpen = (snapshot: SnapshotFrom<typeof addSuppressionsMachine>) =>
  !snapshot.matches('closed');
export const selectIsSubmitting = (snapshot: SnapshotFrom<typeof addSuppressionsMachine>) =>
  snapshot.matches('submitting');
