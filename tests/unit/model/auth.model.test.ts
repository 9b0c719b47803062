import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { SESSION_MARKERS, type LoginResponse, type User } from '../../../contract/auth.contract.ts';
import type { RestoredSignIn, StoredSession } from '../../../src/machines/auth-rules.ts';
import { authMachine, toStoredSession, type AuthContext } from '../../../src/machines/auth.machine.ts';
import type { Notice } from '../../../src/machines/notify.ts';
import { AUTH_STORAGE_KEY } from '../../../src/services/auth-storage.ts';
import { readSessionMarker } from '../../../src/services/session-cookie.ts';
import { createAuthHarness } from '../../support/auth-harness.ts';
import { settle } from '../../support/controlled-actor.ts';
import { adminLogin, adminUser } from '../../support/fixtures.ts';
import type { AppError } from '../../../src/lib/app-error.ts';
import { toModelMachine } from '../../support/model-machine.ts';
import { removeSessionCookie, setSessionCookie } from '../../support/session-actor.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
type ModelSnapshot = Snapshot<unknown> & {
  value: unknown;
  context: AuthContext;
  hasTag: (tag: string) => boolean;
};
type ModelPath = TestPath<ModelSnapshot, ModelEvent>;

const restored: StoredSession = { user: adminUser, access: 'stored-access', refresh: 'stored-refresh' };
// What restoreSession reads: the stored sign-in and the cookie (the machine's rule decides).
const restoredSignIn: RestoredSignIn = { stored: restored, marker: SESSION_MARKERS.admin };
const nothingStored: RestoredSignIn = { stored: null, marker: SESSION_MARKERS.admin };
const cookieGone: RestoredSignIn = { stored: restored, marker: null };
const quotaUpdate: User = { ...adminUser, remaining_quota: 5 };
const renamed: User = { ...adminUser, sender_name: 'Lovelace' };

// Plain AppErrors keep a failing path's printout short (an AxiosError prints its whole stack).
const refused: AppError = { code: 'errors.invalidCredentials', status: 401 };
const offline: AppError = { code: 'errors.network', status: null };

/** Each event with the words a test name uses for it. */
const events: Array<[ModelEvent, string]> = [
  [{ type: 'xstate.done.actor.restoreSession', output: restoredSignIn }, 'restored'],
  [{ type: 'xstate.done.actor.restoreSession', output: nothingStored }, 'nothing stored'],
  [{ type: 'xstate.done.actor.restoreSession', output: cookieGone }, 'stored, cookie gone'],
  [
    { type: 'xstate.error.actor.restoreSession', error: { code: 'errors.unexpected', status: null } },
    'restore failed',
  ],
  [{ type: 'model.after.restoreTimeout' }, '5000 ms pass'],
  [{ type: 'auth.login', username: 'ada', password: 'secret' }, 'login'],
  [{ type: 'auth.login', username: '', password: '' }, 'empty login'],
  [{ type: 'xstate.done.actor.login', output: adminLogin }, 'login accepted'],
  [{ type: 'xstate.error.actor.login', error: refused }, 'login refused'],
  [{ type: 'xstate.error.actor.login', error: offline }, 'login offline'],
  [{ type: 'xstate.done.actor.fetchUserStatus', output: quotaUpdate }, 'status fetched'],
  [{ type: 'xstate.error.actor.fetchUserStatus', error: offline }, 'status failed'],
  [{ type: 'auth.tokensRefreshed', access: 'access-2', refresh: 'refresh-2' }, 'tokens refreshed'],
  [{ type: 'auth.userRefreshed', user: renamed }, 'user refreshed'],
  [{ type: 'auth.statusChanged' }, 'credits spent'],
  [{ type: 'auth.twoFactorSetupRequired' }, 'two-step sign-in required'],
  [{ type: 'auth.twoFactorSetUp' }, 'two-step sign-in set up'],
  [{ type: 'auth.sessionExpired' }, 'session expired'],
  [{ type: 'auth.signedOutElsewhere' }, 'signed out in another tab'],
  [{ type: 'auth.logout' }, 'logout'],
  [{ type: 'xstate.done.actor.logout', output: undefined }, 'logout answered'],
  [{ type: 'xstate.error.actor.logout', error: offline }, 'logout failed'],
];

const model = createTestModel(toModelMachine(authMachine), {
  events: events.map(([event]) => event) as never,
});

function nameOf(path: ModelPath): string {
  const label = (event: ModelEvent) => events.find(([candidate]) => candidate === event)?.[1];
  const steps = path.steps.map((step) => label(step.event)).filter(Boolean);
  return `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}

/** The toasts each transition must show, and no others. */
const expectedNotices: Record<string, Notice[]> = {
  'xstate.done.actor.login': [{ kind: 'success', key: 'auth.loginSucceeded' }],
  'xstate.done.actor.logout': [{ kind: 'success', key: 'auth.logoutSucceeded' }],
  'xstate.error.actor.logout': [{ kind: 'success', key: 'auth.logoutSucceeded' }],
  'auth.sessionExpired': [{ kind: 'error', key: 'errors.sessionExpired' }],
  'auth.signedOutElsewhere': [{ kind: 'success', key: 'auth.signedOutElsewhere' }],
};

function storedAuth(): unknown {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * `exactContext`: shortest paths keep whole snapshots apart, so the model's context along them
 * is exact. Simple paths here merge states by value, so only the value is compared and the
 * effects are checked against the real context.
 */
function testPaths(paths: ModelPath[], exactContext: boolean) {
  for (const path of paths) {
    it(nameOf(path), async () => {
      // A returning visitor: a language choice and a cookie left from an earlier visit.
      localStorage.setItem('i18nextLng', 'en');
      setSessionCookie(SESSION_MARKERS.admin);
      const harness = createAuthHarness();
      const { auth, session, restoreSession, login, logout, fetchUserStatus, notices } = harness;
      auth.start();

      const sameAsModel = (state: ModelSnapshot) => {
        const real = auth.getSnapshot();
        expect(real.value).toEqual(state.value);
        if (exactContext) expect(real.context).toEqual(state.context);
        expect(real.hasTag('busy')).toBe(state.hasTag('busy'));
      };

      const perform = async (step: { event: { type: string } }, act: () => void) => {
        notices.length = 0;
        act();
        await settle();
        expect(notices).toEqual(expectedNotices[step.event.type] ?? []);
      };

      await path.test({
        events: {
          'xstate.done.actor.restoreSession': (step) =>
            perform(step, () => {
              const output = (step.event as ModelEvent).output as RestoredSignIn;
              // What the real restore reads them from.
              if (output.stored) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(output.stored));
              if (output.marker) setSessionCookie(output.marker);
              else removeSessionCookie();
              restoreSession.resolve(output);
            }),
          'xstate.error.actor.restoreSession': (step) =>
            perform(step, () => restoreSession.reject((step.event as ModelEvent).error)),
          'model.after.restoreTimeout': (step) => perform(step, () => vi.advanceTimersByTime(5000)),
          'auth.login': (step) => perform(step, () => auth.send(step.event as never)),
          'xstate.done.actor.login': (step) =>
            perform(step, () => {
              const output = (step.event as ModelEvent).output as LoginResponse;
              setSessionCookie(SESSION_MARKERS[output.user.role]); // the server's Set-Cookie
              login.resolve(output);
            }),
          'xstate.error.actor.login': (step) =>
            perform(step, () => login.reject((step.event as ModelEvent).error)),
          'xstate.done.actor.fetchUserStatus': (step) =>
            perform(step, () => fetchUserStatus.resolve((step.event as ModelEvent).output as User)),
          'xstate.error.actor.fetchUserStatus': (step) =>
            perform(step, () => fetchUserStatus.reject((step.event as ModelEvent).error)),
          'auth.tokensRefreshed': (step) => perform(step, () => auth.send(step.event as never)),
          'auth.userRefreshed': (step) => perform(step, () => auth.send(step.event as never)),
          'auth.statusChanged': (step) => perform(step, () => auth.send(step.event as never)),
          'auth.twoFactorSetupRequired': (step) => perform(step, () => auth.send(step.event as never)),
          'auth.twoFactorSetUp': (step) => perform(step, () => auth.send(step.event as never)),
          'auth.sessionExpired': (step) => perform(step, () => auth.send({ type: 'auth.sessionExpired' })),
          'auth.signedOutElsewhere': (step) =>
            perform(step, () => {
              // What the other tab's sign-out left behind, before this tab hears of it.
              localStorage.removeItem(AUTH_STORAGE_KEY);
              removeSessionCookie();
              auth.send({ type: 'auth.signedOutElsewhere' });
            }),
          'auth.logout': (step) => perform(step, () => auth.send({ type: 'auth.logout' })),
          'xstate.done.actor.logout': (step) => perform(step, () => logout.resolve()),
          'xstate.error.actor.logout': (step) =>
            perform(step, () => logout.reject((step.event as ModelEvent).error)),
        },
        states: {
          restoring: (state) => {
            sameAsModel(state);
            expect(storedAuth()).toBeNull();
          },
          signedOut: (state) => {
            sameAsModel(state);
            expect(storedAuth()).toBeNull();
            expect(localStorage.getItem('i18nextLng')).toBe('en');
            expect(readSessionMarker()).toBeNull();
            expect(session.getSnapshot().value).toBe('anonymous');
          },
          'signedOut.submitting': () => {
            expect(login.last().input).toEqual({ username: 'ada', password: 'secret' });
          },
          signedIn: (state) => {
            sameAsModel(state);
            const context = auth.getSnapshot().context;
            expect(toStoredSession(context)).not.toBeNull();
            expect(storedAuth()).toEqual(toStoredSession(context));
            expect(session.getSnapshot().value).toBe(context.user?.role);
          },
          signingOut: (state) => {
            sameAsModel(state);
            expect(logout.last().input).toEqual({ refresh: auth.getSnapshot().context.refresh });
          },
        },
      });
    });
  }
}

describe('auth model: shortest path to every state and the transition that enters it', () => {
  const paths = model.getShortestPaths() as ModelPath[];
  it('reaches every state of the machine', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect(reached).toEqual(
      new Set([
        '"restoring"',
        '{"signedOut":"idle"}',
        '{"signedOut":"submitting"}',
        '{"signedIn":"fetchingStatus"}',
        '{"signedIn":"current"}',
        '{"signedIn":"twoFactorSetup"}',
        '"signingOut"',
      ]),
    );
  });
  testPaths(paths, true);
});

describe('auth model: every simple path through the states', () => {
  const paths = model.getSimplePaths({
    serializeState: (state) => JSON.stringify(state.value),
  }) as ModelPath[];
  testPaths(paths, false);
});
