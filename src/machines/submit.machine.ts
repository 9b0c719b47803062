import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { toAppError } from '../lib/app-error.ts';
import { notProvided, type Notice } from './notify.ts';

export type FieldErrors = Record<string, string>;

export interface SubmitInput {
  /** i18n key of the toast once saved ("recipients:toast.added", ...). */
  successKey: string;
  /** Checks the values before anything is sent: field -> i18n key; empty when all is well. */
  check?: (values: unknown) => FieldErrors;
}

export interface SubmitContext extends SubmitInput {
  fieldErrors: FieldErrors;
  /** A refusal not tied to one field (network, server), as an i18n key. */
  errorKey: string | null;
}

export type SubmitEvent = { type: 'submit'; values: unknown } | { type: 'reset' };

/**
 * One form's send: check -> submitting -> saved (toast, `saved` action) or back to editing with
 * the server's field errors beside their fields. The recipient, list and group forms each provide
 * their own `save` call and `saved` reaction (close the dialog, refresh the table).
 */
export const submitMachine = setup({
  types: {
    context: {} as SubmitContext,
    events: {} as SubmitEvent,
    input: {} as SubmitInput,
    tags: {} as 'busy',
  },
  actors: { save: fromPromise<unknown, unknown>(async () => notProvided('save')) },
  actions: {
    notify: (_, _notice: Notice) => {},
    saved: (_, _output: unknown) => {},
  },
  guards: {
    passesCheck: ({ context, event }) =>
      event.type !== 'submit' || Object.keys(context.check?.(event.values) ?? {}).length === 0,
  },
}).createMachine({
  id: 'submit',
  context: ({ input }) => ({ ...input, fieldErrors: {}, errorKey: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: [
          {
            guard: 'passesCheck',
            target: 'submitting',
            actions: assign({ fieldErrors: {}, errorKey: null }),
          },
          {
            actions: assign({
              fieldErrors: ({ context, event }) => context.check?.(event.values) ?? {},
              errorKey: null,
            }),
          },
        ],
        reset: { actions: assign({ fieldErrors: {}, errorKey: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }: { event: SubmitEvent }) => (event.type === 'submit' ? event.values : undefined),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notify', params: ({ context }) => ({ kind: 'success', key: context.successKey }) },
            { type: 'saved', params: ({ event }: { event: { output: unknown } }) => event.output },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const error = toAppError(event.error);
            const fieldErrors = error.fields ?? {};
            return { fieldErrors, errorKey: Object.keys(fieldErrors).length > 0 ? null : error.code };
          }),
        },
      },
    },
  },
});

export type SubmitActorRef = ActorRefFrom<typeof submitMachine>;
