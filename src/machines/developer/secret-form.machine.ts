/**
 * "Create, then show the secret once": the form behind a new API key and a new webhook endpoint.
 * closed -> editing -> submitting -> shown (the key or signing secret, which the server never
 * gives again) -> closed, or back to editing with the fields the server refused. The draft is
 * checked with the contract's own schema first, so the form and the server agree.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toAppError, toastKeyOf } from '../../lib/app-error.ts';
import { notProvided, type Notice } from '../notify.ts';

export type FieldProblems = Record<string, string>;

export type SecretFormContext<Draft> = {
  draft: Draft;
  fields: FieldProblems;
  /** A problem with the request as a whole (a network failure, a refusal without fields). */
  errorKey: string | null;
  secret: string | null;
};

export type SecretFormEvent<Draft> =
  | { type: 'form.open' }
  | { type: 'form.close' }
  | { type: 'form.change'; changes: Partial<Draft> }
  | { type: 'form.submit' }
  | { type: 'secret.dismiss' };

export function secretFormMachine<Draft>(options: {
  id: string;
  empty: () => Draft;
  /** Field -> i18n key for what is wrong, or null when the draft can be sent. */
  problemsOf: (draft: Draft) => FieldProblems | null;
  createdKey: string;
}) {
  return setup({
    types: {
      context: {} as SecretFormContext<Draft>,
      events: {} as SecretFormEvent<Draft>,
    },
    actors: {
      // The draft, as the wiring's create call takes it (typed there: generics do not reach invoke input).
      create: fromPromise<{ secret: string }, unknown>(async () => notProvided('create')),
    },
    actions: {
      notify: (_, _notice: Notice) => {},
      refreshList: () => {},
    },
    guards: {
      isValid: ({ context }) => options.problemsOf(context.draft) === null,
    },
  }).createMachine({
    id: options.id,
    initial: 'closed',
    context: { draft: options.empty(), fields: {}, errorKey: null, secret: null },
    states: {
      closed: {
        on: {
          'form.open': {
            target: 'editing',
            actions: assign({ draft: () => options.empty(), fields: {}, errorKey: null, secret: null }),
          },
        },
      },
      editing: {
        on: {
          'form.close': 'closed',
          'form.change': {
            actions: assign({
              draft: ({ context, event }) => ({ ...context.draft, ...event.changes }),
              fields: ({ context, event }) =>
                Object.fromEntries(
                  Object.entries(context.fields).filter(([name]) => !(name in event.changes)),
                ),
              errorKey: null,
            }),
          },
          'form.submit': [
            { guard: 'isValid', target: 'submitting' },
            { actions: assign({ fields: ({ context }) => options.problemsOf(context.draft) ?? {} }) },
          ],
        },
      },
      submitting: {
        invoke: {
          src: 'create',
          input: ({ context }: { context: SecretFormContext<Draft> }): unknown => context.draft,
          onDone: {
            target: 'shown',
            actions: [
              assign({ secret: ({ event }) => event.output.secret }),
              { type: 'notify', params: { kind: 'success', key: options.createdKey } },
              'refreshList',
            ],
          },
          onError: {
            target: 'editing',
            actions: assign(({ event }) => {
              const error = toAppError(event.error);
              return error.fields && Object.keys(error.fields).length > 0
                ? { fields: error.fields, errorKey: null }
                : { fields: {}, errorKey: toastKeyOf(error) };
            }),
          },
        },
      },
      shown: {
        on: { 'secret.dismiss': { target: 'closed', actions: assign({ secret: null }) } },
      },
    },
  });
}

type AnySecretForm = ReturnType<typeof secretFormMachine<never>>;
export type SecretFormActorRef<Draft> = ActorRefFrom<ReturnType<typeof secretFormMachine<Draft>>>;
export type SecretFormSnapshot = SnapshotFrom<AnySecretForm>;

export const selectIsFormOpen = (snapshot: { matches: (state: 'editing' | 'submitting') => boolean }) =>
  snapshot.matches('editing') || snapshot.matches('submitting');
