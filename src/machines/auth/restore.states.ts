import { assign } from 'xstate';
import { authSetup, signedOutContext } from './auth.setup.ts';

/**
 * The page loads: the stored sign-in is read back (within PERSIST_RESTORE_TIMEOUT_MS) and taken
 * up only while the routing cookie still marks a session (../auth-rules.ts).
 */
export const restoring = authSetup.createStateConfig({
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
      // without the cookie would keep a signed-in user on the login screen (../auth-rules.ts).
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
});
