import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type {
  LoginAnswer,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  User,
} from '../../../contract/auth.contract.ts';
import { isLoginRequest } from '../../lib/shape-checks.ts';
import { notProvided, type Notice } from '../notify.ts';
import {
  isChallenge,
  isRestorable,
  isSignInExpired,
  toSecondFactor,
  type RestoredSignIn,
  type SecondFactor,
  type StoredSession,
} from '../auth-rules.ts';
import { hasTokensRotatedElsewhere, isSignedOutElsewhere, type StoredSessionChanged } from '../other-tabs.ts';

// The auth machine's types and the actors, actions and guards it declares; the wiring
// (src/app/app-services.tsx) provides them. Its states live beside this file, one per concern.

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

export const signedOutContext: AuthContext = {
  user: null,
  access: null,
  refresh: null,
  errorKey: null,
  ticket: null,
};

/** Everything the browser keeps about the sign-in goes: context, storage, cookie. */
export const forgetSession = [
  'forgetSignIn',
  'clearPersistedState',
  'clearSessionCookie',
  'announceSessionChanged',
] as const;

/** The sign-in state worth persisting, or null while any part is missing. */
export function toStoredSession(context: AuthContext): StoredSession | null {
  const { user, access, refresh } = context;
  return user && access && refresh ? { user, access, refresh } : null;
}

export const authSetup = setup({
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
    // What another tab left in the storage the tabs share: ../other-tabs.ts.
    isSignedOutElsewhere: ({ event }) => isSignedOutElsewhere(event),
    hasTokensRotatedElsewhere: ({ context, event }) => hasTokensRotatedElsewhere(context, event),
  },
  delays: {
    restoreTimeout: PERSIST_RESTORE_TIMEOUT_MS,
  },
});
