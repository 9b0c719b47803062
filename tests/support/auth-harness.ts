import { vi } from 'vitest';
import { createActor } from 'xstate';
import type {
  LoginAnswer,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  User,
} from '../../contract/auth.contract.ts';
import { authMachine, PERSIST_RESTORE_TIMEOUT_MS, toStoredSession } from '../../src/machines/auth.machine.ts';
import type { Notice } from '../../src/machines/notify.ts';
import type { RestoredSignIn, SecondFactor } from '../../src/machines/auth-rules.ts';
import { createAuthStorage } from '../../src/services/auth-storage.ts';
import { clearSessionMarker } from '../../src/services/session-cookie.ts';
import { controlledActor } from './controlled-actor.ts';
import { startSession } from './session-actor.ts';

/**
 * The auth machine with hand-settled calls and real effects: local storage, the cookie, and a
 * session actor that re-reads it. Mirrors the composition root's wiring.
 */
export function createAuthHarness() {
  const restoreSession = controlledActor<RestoredSignIn>();
  const login = controlledActor<LoginAnswer, LoginRequest>();
  const loginTwoFactor = controlledActor<LoginResponse, { ticket: string } & SecondFactor>();
  const logout = controlledActor<void, LogoutRequest>();
  const fetchUserStatus = controlledActor<User>();
  const notices: Notice[] = [];
  const storage = createAuthStorage(window.localStorage, { timeoutMs: PERSIST_RESTORE_TIMEOUT_MS });
  const session = startSession();
  const announceSessionChanged = vi.fn(() => session.send({ type: 'session.changed' }));

  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: restoreSession.logic,
        login: login.logic,
        loginTwoFactor: loginTwoFactor.logic,
        logout: logout.logic,
        fetchUserStatus: fetchUserStatus.logic,
      },
      actions: {
        persistSession: ({ context }) => {
          const stored = toStoredSession(context);
          if (stored) storage.save(stored);
        },
        clearPersistedState: () => storage.clearAll(),
        forgetStoredSession: () => storage.forget(),
        clearSessionCookie: () => clearSessionMarker(),
        announceSessionChanged,
        notify: (_, notice) => notices.push(notice),
      },
    }),
  );

  return {
    auth,
    session,
    restoreSession,
    login,
    loginTwoFactor,
    logout,
    fetchUserStatus,
    notices,
    announceSessionChanged,
  };
}
