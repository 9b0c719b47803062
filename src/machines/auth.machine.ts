import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/auth.contract.ts';
import { authSetup, forgetSession, signedOutContext } from './auth/auth.setup.ts';
import { otherTabs } from './auth/other-tabs.transitions.ts';
import { restoring } from './auth/restore.states.ts';
import { signedOut } from './auth/sign-in.states.ts';
import { tokenRefresh } from './auth/token-refresh.transitions.ts';

// The sign-in of this browser. Each concern has its own file in ./auth/: restoring the stored
// sign-in, signing in (with the second factor), the token refresh and the other tabs; this file
// puts them together and holds what the signed-in state does itself.
export {
  PERSIST_RESTORE_TIMEOUT_MS,
  toStoredSession,
  type AuthContext,
  type AuthEvent,
} from './auth/auth.setup.ts';

const logoutSucceeded = { type: 'notify', params: { kind: 'success', key: 'auth.logoutSucceeded' } } as const;

export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: signedOutContext,
  initial: 'restoring',
  states: {
    restoring,
    signedOut,

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
      // In the order the model-based tests walk them (tests/models/catalog.ts).
      on: {
        'auth.twoFactorSetupRequired': '.twoFactorSetup',
        'auth.logout': 'signingOut',
        'auth.tokensRefreshed': tokenRefresh['auth.tokensRefreshed'],
        'auth.storedSessionChanged': otherTabs['auth.storedSessionChanged'],
        'auth.userRefreshed': {
          actions: [assign({ user: ({ event }) => event.user }), 'persistSession'],
        },
        'auth.statusChanged': '.fetchingStatus',
        'auth.signedOutElsewhere': otherTabs['auth.signedOutElsewhere'],
        'auth.sessionExpired': tokenRefresh['auth.sessionExpired'],
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
