import { assign } from 'xstate';
import type { LoginResponse } from '../../../contract/auth.contract.ts';
import { errorCodes, validationKeys } from '../../../contract/errors.contract.ts';
import { isChallenge, loginErrorKey, toSecondFactor } from '../auth-rules.ts';
import { authSetup } from './auth.setup.ts';

const signedInActions = [
  'persistSession',
  'announceSessionChanged',
  { type: 'notify', params: { kind: 'success', key: 'auth.loginSucceeded' } },
] as const;

/**
 * Two-factor sign-in: the password was right; the code from the app (or a recovery code)
 * finishes the sign-in. Wrong codes count in the password's windows on the server.
 */
const code = authSetup.createStateConfig({
  initial: 'idle',
  on: {
    'auth.cancelCode': { target: 'idle', actions: assign({ errorKey: null, ticket: null }) },
  },
  states: {
    idle: {
      on: {
        'auth.code': [
          { guard: 'isCodeComplete', target: 'verifying', actions: assign({ errorKey: null }) },
          { actions: assign({ errorKey: validationKeys.invalidCode }) },
        ],
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'loginTwoFactor',
        src: 'loginTwoFactor',
        input: ({ context, event }) => {
          if (event.type !== 'auth.code' || !context.ticket) {
            throw new Error('verifying is only entered by auth.code with a ticket');
          }
          return { ticket: context.ticket, ...toSecondFactor(event)! };
        },
        onDone: {
          target: '#auth.signedIn',
          actions: [
            assign(({ event }) => ({ ...event.output, errorKey: null, ticket: null })),
            ...signedInActions,
          ],
        },
        onError: [
          {
            guard: {
              type: 'isSignInExpired',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: '#auth.signedOut.idle',
            actions: assign({ errorKey: errorCodes.signInExpired, ticket: null }),
          },
          {
            target: 'idle',
            actions: assign({ errorKey: ({ event }) => loginErrorKey(event.error) }),
          },
        ],
      },
    },
  },
});

/** Signed out: the password, then (when the account has one) the second factor. */
export const signedOut = authSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'auth.login': [
          {
            guard: 'isLoginRequestComplete',
            target: 'submitting',
            actions: assign({ errorKey: null }),
          },
          { actions: assign({ errorKey: validationKeys.required }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'auth.login') throw new Error('submitting is only entered by auth.login');
          return { username: event.username, password: event.password };
        },
        onDone: [
          {
            guard: { type: 'isChallenge', params: ({ event }) => event.output },
            target: 'code',
            actions: assign(({ event }) => ({
              errorKey: null,
              ticket: isChallenge(event.output) ? event.output.ticket : null,
            })),
          },
          {
            target: '#auth.signedIn',
            actions: [
              assign(({ event }) => ({
                ...(event.output as LoginResponse),
                errorKey: null,
                ticket: null,
              })),
              ...signedInActions,
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({ errorKey: ({ event }) => loginErrorKey(event.error) }),
        },
      },
    },
    code,
  },
});
