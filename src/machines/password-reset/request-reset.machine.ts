import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorCodes } from '../../../contract/errors.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided, type Notice } from '../notify.ts';

/**
 * Forgot password (spec §4 "request sent"): the person gives an address, the server mails a
 * link. The outcomes the screen shows apart: sent (check within an hour), account not found,
 * no network, or any other refusal (too many tries, mail down) with its message.
 */
export interface RequestResetContext {
  email: string;
  language: 'ar' | 'en';
  /** i18n key of the last failure other than "not found" / "network". */
  errorKey: string | null;
}

export type RequestResetEvent =
  | { type: 'reset.email.change'; value: string }
  | { type: 'reset.request'; language: 'ar' | 'en' }
  | { type: 'reset.retry' };

export const requestResetMachine = setup({
  types: {
    context: {} as RequestResetContext,
    events: {} as RequestResetEvent,
    tags: {} as 'busy',
  },
  actors: {
    requestResetLink: fromPromise<void, { email: string; language: 'ar' | 'en' }>(async () =>
      notProvided('requestResetLink'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    rememberLanguage: assign((_, language: 'ar' | 'en') => ({ language, errorKey: null })),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim().length > 0,
    isAccountNotFound: (_, params: { error: unknown }) =>
      toAppError(params.error).code === errorCodes.accountNotFound,
    isNetworkError: (_, params: { error: unknown }) => toAppError(params.error).code === errorCodes.network,
  },
}).createMachine({
  id: 'requestReset',
  context: { email: '', language: 'ar', errorKey: null },
  initial: 'idle',
  on: {
    'reset.email.change': { actions: assign({ email: ({ event }) => event.value, errorKey: null }) },
  },
  states: {
    idle: {
      on: {
        'reset.request': [
          {
            guard: 'hasEmail',
            target: 'sending',
            actions: { type: 'rememberLanguage', params: ({ event }) => event.language },
          },
          { actions: assign({ errorKey: 'validation.required' }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestResetLink',
        src: 'requestResetLink',
        input: ({ context }) => ({ email: context.email.trim(), language: context.language }),
        onDone: {
          target: 'sent',
          actions: { type: 'notify', params: { kind: 'success', key: 'auth.forgetPassword.sent' } },
        },
        onError: [
          {
            guard: { type: 'isAccountNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            guard: { type: 'isNetworkError', params: ({ event }) => ({ error: event.error }) },
            target: 'networkError',
          },
          {
            target: 'idle',
            actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
          },
        ],
      },
    },
    sent: {
      // Another address, or the same one again if the mail did not come.
      on: { 'reset.retry': 'idle' },
    },
    notFound: {
      on: {
        'reset.request': {
          guard: 'hasEmail',
          target: 'sending',
          actions: { type: 'rememberLanguage', params: ({ event }) => event.language },
        },
      },
    },
    networkError: {
      on: {
        'reset.retry': 'sending',
        'reset.request': {
          guard: 'hasEmail',
          target: 'sending',
          actions: { type: 'rememberLanguage', params: ({ event }) => event.language },
        },
      },
    },
  },
});

export type RequestResetActorRef = ActorRefFrom<typeof requestResetMachine>;
export type RequestResetSnapshot = SnapshotFrom<typeof requestResetMachine>;
