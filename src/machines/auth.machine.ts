import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorCodes, validationKeys } from '../../contract/errors.contract.ts';
import type {
  LoginAnswer,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  User,
} from '../../contract/auth.contract.ts';
import { isLoginRequest } from '../lib/shape-checks.ts';
import type { StoredSession } from '../services/auth-storage.ts';
import { notProvided, type Notice } from './notify.ts';
import {
  isChallenge,
  isRestorable,
  isSignInExpired,
  loginErrorKey,
  toSecondFactor,
  type RestoredSignIn,
  type SecondFactor,
} from './auth-rules.ts';
import {
  hasTokensRotatedElsewhere,
  isSignedOutElsewhere,
  tokensStoredElsewhere,
  type StoredSessionChanged,
} from './other-tabs.ts';

export interface AuthContext {
  user: User | null;
  access: string | null;
  refresh: string | null;
  /** i18n key of the last login failure, shown by the login screen. */
  errorKey: string | null;
  /** Between a right password and the code of a two-factor sign-in: the server's ticket. */
  ticket: string | null;
}

export type AuthEvent =
  | { type: 'auth.login'; username: string; password: string }
  /** The second step: a code from the authenticator app, or one of the recovery codes. */
  | { type: 'auth.code'; code: string; kind: 'totp' | 'recovery' }
  /** Back from the code to the password. */
  | { type: 'auth.cancelCode' }
  | { type: 'auth.logout' }
  | { type: 'auth.tokensRefreshed'; access: string; refresh: string }
  | { type: 'auth.sessionExpired' }
  | { type: 'auth.signedOutElsewhere' }
  | { type: 'auth.userRefreshed'; user: User }
  /** The user's figures changed on the server (a send spent credits): read them again. */
  | { type: 'auth.statusChanged' }
  /**
   * A call was refused with errors.twoFactorSetupRequired: an administrator requires two-step
   * sign-in and this account has none (sent by the HTTP client, whatever screen made the call).
   */
  | { type: 'auth.twoFactorSetupRequired' }
  /** Settings -> Security found two-step sign-in on (or no longer required): the dashboard opens again. */
  | { type: 'auth.twoFactorSetUp' }
  | StoredSessionChanged;

/** Spec §4/§9: the stored sign-in is restored within 5000 ms, or given up. */
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;

const signedOutContext: AuthContext = {
  user: null,
  access: null,
  refresh: null,
  errorKey: null,
  ticket: null,
};

const signedInActions = [
  'persistSession',
  'announceSessionChanged',
  { type: 'notify', params: { kind: 'success', key: 'auth.loginSucceeded' } },
] as const;

/** Everything the browser keeps about the sign-in goes: context, storage, cookie. */
const forgetSession = [
  'forgetSignIn',
  'clearPersistedState',
  'clearSessionCookie',
  'announceSessionChanged',
] as const;
// Another tab signed out. It already cleared the storage and cookie; clearing them again here
// could erase a sign-in that tab has made since.
const signedOutElsewhere = [
  'forgetSignIn',
  'announceSessionChanged',
  { type: 'notify', params: { kind: 'success', key: 'auth.signedOutElsewhere' } },
] as const;
const logoutSucceeded = { type: 'notify', params: { kind: 'success', key: 'auth.logoutSucceeded' } } as const;

/** The sign-in state worth persisting, or null while any part is missing. */
export function toStoredSession(context: AuthContext): StoredSession | null {
  const { user, access, refresh } = context;
  return user && access && refresh ? { user, access, refresh } : null;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'busy',
  },
  actors: {
    restoreSession: fromPromise<RestoredSignIn>(async () => notProvided('restoreSession')),
    login: fromPromise<LoginAnswer, LoginRequest>(async () => notProvided('login')),
    /** POST /auth/login/2fa/: the ticket with the code; answers the usual sign-in. */
    loginTwoFactor: fromPromise<LoginResponse, { ticket: string } & SecondFactor>(async () =>
      notProvided('loginTwoFactor'),
    ),
    logout: fromPromise<void, LogoutRequest>(async () => notProvided('logout')),
    fetchUserStatus: fromPromise<User>(async () => notProvided('fetchUserStatus')),
    // Sends auth.storedSessionChanged when another tab of this browser changes the stored
    // sign-in (the wiring listens to `storage` events). Left out, there is no other tab.
    watchOtherTabs: fromCallback(() => undefined),
  },
  actions: {
    /** Writes toStoredSession(context) to local storage. */
    persistSession: () => {},
    /** Logout empties local storage (spec §4), keeping only the language choice. */
    clearPersistedState: () => {},
    /** Removes only the stored sign-in. */
    forgetStoredSession: () => {},
    clearSessionCookie: () => {},
    /** Tells the session machine to re-read the cookie. */
    announceSessionChanged: () => {},
    notify: (_, _notice: Notice) => {},
    forgetSignIn: assign(() => signedOutContext),
  },
  guards: {
    isSessionRestored: (_, restored: RestoredSignIn) => isRestorable(restored),
    // The contract's loginRequestSchema, checked by hand so zod stays off the login page's first load.
    isLoginRequestComplete: ({ event }) => event.type === 'auth.login' && isLoginRequest(event),
    /** The password was right and the account asks for a code (auth-rules.ts). */
    isChallenge: (_, answer: LoginAnswer) => isChallenge(answer),
    /** Six digits, or a recovery code's ten letters and digits (auth-rules.ts). */
    isCodeComplete: ({ event }) => event.type === 'auth.code' && toSecondFactor(event) !== null,
    /** The ticket expired or was used: only the password can start again. */
    isSignInExpired: (_, error: unknown) => isSignInExpired(error),
    // What another tab left in the storage the tabs share: ./other-tabs.ts.
    isSignedOutElsewhere: ({ event }) => isSignedOutElsewhere(event),
    hasTokensRotatedElsewhere: ({ context, event }) => hasTokensRotatedElsewhere(context, event),
  },
  delays: {
    restoreTimeout: PERSIST_RESTORE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'auth',
  context: signedOutContext,
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isSessionRestored', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign(({ event }) => ({ ...signedOutContext, ...event.output.stored })),
          },
          // Nothing usable: a leftover cookie would open the dashboard with no tokens, and tokens
          // without the cookie would keep a signed-in user on the login screen (./auth-rules.ts).
          {
            target: 'signedOut',
            actions: ['forgetStoredSession', 'clearSessionCookie', 'announceSessionChanged'],
          },
        ],
        onError: { target: 'signedOut', actions: ['clearSessionCookie', 'announceSessionChanged'] },
      },
      after: {
        restoreTimeout: { target: 'signedOut', actions: ['clearSessionCookie', 'announceSessionChanged'] },
      },
    },

    signedOut: {
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
        // Two-factor sign-in: the password was right; the code from the app (or a recovery
        // code) finishes the sign-in. Wrong codes count in the password's windows on the server.
        code: {
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
        },
      },
    },

    signedIn: {
      // Keeps this tab in step with the others: they share the stored sign-in.
      invoke: { id: 'watchOtherTabs', src: 'watchOtherTabs' },
      initial: 'fetchingStatus',
      states: {
        // Best effort: brings quota figures up to date, and on a stale restored session the 401
        // takes the refresh path, which signs the user out if the refresh token is dead.
        fetchingStatus: {
          invoke: {
            id: 'fetchUserStatus',
            src: 'fetchUserStatus',
            onDone: {
              target: 'current',
              actions: [assign({ user: ({ event }) => event.output }), 'persistSession'],
            },
            onError: 'current',
          },
        },
        current: {},
        // The server refuses everything but the set-up, sessions and sign-out until two-step
        // sign-in is on (server/plugins/auth.plugin.ts), so the route guards lead every page of
        // the dashboard to Settings -> Security, which says why; signing out still works.
        twoFactorSetup: {
          on: {
            'auth.twoFactorSetUp': { target: 'fetchingStatus' },
            // Nothing can spend credits meanwhile; reading them again must not end the set-up.
            'auth.statusChanged': { actions: [] },
          },
        },
      },
      on: {
        'auth.twoFactorSetupRequired': '.twoFactorSetup',
        'auth.logout': 'signingOut',
        'auth.tokensRefreshed': {
          actions: [
            assign(({ event }) => ({ access: event.access, refresh: event.refresh })),
            'persistSession',
          ],
        },
        'auth.storedSessionChanged': [
          { guard: 'isSignedOutElsewhere', target: 'signedOut', actions: signedOutElsewhere },
          {
            guard: 'hasTokensRotatedElsewhere',
            actions: [assign(({ event }) => tokensStoredElsewhere(event)), 'persistSession'],
          },
        ],
        'auth.userRefreshed': {
          actions: [assign({ user: ({ event }) => event.user }), 'persistSession'],
        },
        'auth.statusChanged': '.fetchingStatus',
        'auth.signedOutElsewhere': { target: 'signedOut', actions: signedOutElsewhere },
        // Sent by the token-refresh machine when the refresh token is dead: no logout call.
        'auth.sessionExpired': {
          target: 'signedOut',
          actions: [
            ...forgetSession,
            { type: 'notify', params: { kind: 'error', key: errorCodes.sessionExpired } },
          ],
        },
      },
    },

    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => (context.refresh ? { refresh: context.refresh } : {}),
        // Whatever the server says, the browser forgets the session.
        onDone: { target: 'signedOut', actions: [...forgetSession, logoutSucceeded] },
        onError: { target: 'signedOut', actions: [...forgetSession, logoutSucceeded] },
      },
    },
  },
});

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectUser = (snapshot: AuthSnapshot): User | null => snapshot.context.user;
export const selectErrorKey = (snapshot: AuthSnapshot): string | null => snapshot.context.errorKey;
export const selectIsBusy = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsRestoring = (snapshot: AuthSnapshot): boolean => snapshot.matches('restoring');
/** The sign-in waits for the code of a two-factor sign-in. */
export const selectNeedsCode = (snapshot: AuthSnapshot): boolean => snapshot.matches({ signedOut: 'code' });
/** An administrator requires two-step sign-in and this account must set it up first. */
export const selectMustSetUpTwoFactor = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ signedIn: 'twoFactorSetup' });
/** Signed in until the sign-out has finished. */
export const selectIsSignedIn = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('signedIn') || snapshot.matches('signingOut');
export const selectAccessToken = (snapshot: AuthSnapshot): string | null => snapshot.context.access;
