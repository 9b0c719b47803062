import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { SESSION_MARKERS, type LoginResponse } from '../../../contract/auth.contract.ts';
import type { AppError } from '../../../src/lib/app-error.ts';
import type { RestoredSignIn } from '../../../src/machines/auth-rules.ts';
import { authMachine, selectNeedsCode, type AuthContext } from '../../../src/machines/auth.machine.ts';
import type { Notice } from '../../../src/machines/notify.ts';
import { AUTH_STORAGE_KEY } from '../../../src/services/auth-storage.ts';
import { readSessionMarker } from '../../../src/services/session-cookie.ts';
import { createAuthHarness } from '../../support/auth-harness.ts';
import { settle } from '../../support/controlled-actor.ts';
import { adminLogin } from '../../support/fixtures.ts';
import { toModelMachine } from '../../support/model-machine.ts';
import { removeSessionCookie, setSessionCookie } from '../../support/session-actor.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
type ModelSnapshot = Snapshot<unknown> & {
  value: unknown;
  context: AuthContext;
  hasTag: (tag: string) => boolean;
};
type ModelPath = TestPath<ModelSnapshot, ModelEvent>;

const nothingStored: RestoredSignIn = { stored: null, marker: null };
const challenge = { two_factor_required: true as const, ticket: 'ticket-1' };
const wrongCode: AppError = { code: 'errors.invalidCode', status: 401 };
const expired: AppError = { code: 'errors.signInExpired', status: 401 };
const limited: AppError = { code: 'errors.tooManyAttempts', status: 429 };

/**
 * The sign-in machine's two-factor part (issue 21): after a right password the server may ask for
 * a code; the machine waits in signedOut.code for one from the authenticator app or a recovery
 * code, and goes back to the password when the ticket has expired or the user cancels.
 */
const events: Array<[ModelEvent, string]> = [
  [{ type: 'xstate.done.actor.restoreSession', output: nothingStored }, 'nothing stored'],
  [{ type: 'auth.login', username: 'ada', password: 'secret' }, 'login'],
  [{ type: 'xstate.done.actor.login', output: challenge }, 'code asked for'],
  [{ type: 'xstate.done.actor.login', output: adminLogin }, 'login accepted'],
  [{ type: 'auth.code', code: '123 456', kind: 'totp' }, 'app code'],
  [{ type: 'auth.code', code: 'ABCDE-FGH23', kind: 'recovery' }, 'recovery code'],
  [{ type: 'auth.code', code: '12345', kind: 'totp' }, 'short code'],
  [{ type: 'auth.cancelCode' }, 'back to the password'],
  [{ type: 'xstate.done.actor.loginTwoFactor', output: adminLogin }, 'code accepted'],
  [{ type: 'xstate.error.actor.loginTwoFactor', error: wrongCode }, 'code refused'],
  [{ type: 'xstate.error.actor.loginTwoFactor', error: limited }, 'too many codes'],
  [{ type: 'xstate.error.actor.loginTwoFactor', error: expired }, 'ticket expired'],
  [{ type: 'auth.logout' }, 'logout'],
  [{ type: 'xstate.done.actor.logout', output: undefined }, 'logout answered'],
];

const model = createTestModel(toModelMachine(authMachine), {
  events: events.map(([event]) => event) as never,
});

function nameOf(path: ModelPath): string {
  const label = (event: ModelEvent) => events.find(([candidate]) => candidate === event)?.[1];
  const steps = path.steps.map((step) => label(step.event)).filter(Boolean);
  return `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}

const expectedNotices: Record<string, Notice[]> = {
  'xstate.done.actor.loginTwoFactor': [{ kind: 'success', key: 'auth.loginSucceeded' }],
  'xstate.done.actor.logout': [{ kind: 'success', key: 'auth.logoutSucceeded' }],
};

/** What the screen shows in each state, from the machine's context. */
const errorKeyAfter: Record<string, string | null> = {
  'auth.cancelCode': null,
  'xstate.done.actor.login': null,
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// The walk tries every event the machine knows; the paths kept are those made of the events above
// (the rest of the machine is walked by auth.model.test.ts).
const known = new Set(events.map(([event]) => event));
const onlyKnownEvents = (path: ModelPath) =>
  path.steps.every((step) => step.event.type === 'xstate.init' || known.has(step.event));

function testPaths(allPaths: ModelPath[], exactContext: boolean) {
  const paths = allPaths.filter(onlyKnownEvents);
  for (const path of paths) {
    it(nameOf(path), async () => {
      localStorage.setItem('i18nextLng', 'en');
      removeSessionCookie();
      const harness = createAuthHarness();
      const { auth, restoreSession, login, loginTwoFactor, logout, notices } = harness;
      auth.start();

      const perform = async (step: { event: ModelEvent }, act: () => void) => {
        notices.length = 0;
        act();
        await settle();
        const signedInNow =
          step.event.type === 'xstate.done.actor.login' && 'user' in (step.event.output as object);
        const expected = signedInNow
          ? [{ kind: 'success', key: 'auth.loginSucceeded' }]
          : (expectedNotices[step.event.type] ?? []);
        expect(notices).toEqual(expected);
        if (step.event.type in errorKeyAfter) {
          expect(auth.getSnapshot().context.errorKey).toBe(errorKeyAfter[step.event.type]);
        }
      };
      const send = (step: { event: ModelEvent }) => perform(step, () => auth.send(step.event as never));

      await path.test({
        events: {
          'xstate.done.actor.restoreSession': (step) =>
            perform(step, () => restoreSession.resolve((step.event as ModelEvent).output as RestoredSignIn)),
          'auth.login': send,
          'xstate.done.actor.login': (step) =>
            perform(step, () => {
              const output = (step.event as ModelEvent).output as LoginResponse;
              // The server sets the cookie only with the tokens.
              if ('user' in output) setSessionCookie(SESSION_MARKERS[output.user.role]);
              login.resolve(output);
            }),
          'auth.code': send,
          'auth.cancelCode': send,
          'xstate.done.actor.loginTwoFactor': (step) =>
            perform(step, () => {
              setSessionCookie(SESSION_MARKERS.admin);
              loginTwoFactor.resolve((step.event as ModelEvent).output as LoginResponse);
            }),
          'xstate.error.actor.loginTwoFactor': (step) =>
            perform(step, () => loginTwoFactor.reject((step.event as ModelEvent).error)),
          'auth.logout': send,
          'xstate.done.actor.logout': (step) => perform(step, () => logout.resolve()),
        },
        states: {
          '*': (state) => {
            const real = auth.getSnapshot();
            expect(real.value).toEqual(state.value);
            if (exactContext) expect(real.context).toEqual(state.context);
            expect(real.hasTag('busy')).toBe(state.hasTag('busy'));
          },
          'signedOut.code': () => {
            const real = auth.getSnapshot();
            expect(selectNeedsCode(real)).toBe(true);
            expect(real.context.ticket).toBe('ticket-1');
            // No tokens, nothing stored and no cookie until the code is right.
            expect(real.context.access).toBeNull();
            expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
            expect(readSessionMarker()).toBeNull();
          },
          'signedOut.code.verifying': () => {
            const input = loginTwoFactor.last().input;
            expect(input.ticket).toBe('ticket-1');
            // What the server's contract takes: digits without spaces, or the recovery code folded.
            expect([{ code: '123456' }, { recovery_code: 'abcdefgh23' }]).toContainEqual(
              'code' in input ? { code: input.code } : { recovery_code: input.recovery_code },
            );
          },
          'signedOut.idle': () => {
            const real = auth.getSnapshot();
            expect(real.context.ticket).toBeNull();
            expect(readSessionMarker()).toBeNull();
          },
          signedIn: () => {
            const real = auth.getSnapshot();
            expect(real.context.ticket).toBeNull();
            expect(real.context.access).toBe(adminLogin.access);
            expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toMatchObject({
              access: adminLogin.access,
            });
          },
        },
      });
    });
  }
}

describe('auth model, two-factor sign-in: shortest path to every state', () => {
  const paths = model.getShortestPaths() as ModelPath[];
  it('reaches the code states', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect(reached).toContain('{"signedOut":{"code":"idle"}}');
    expect(reached).toContain('{"signedOut":{"code":"verifying"}}');
  });
  testPaths(paths, true);
});

describe('auth model, two-factor sign-in: every simple path', () => {
  const paths = model.getSimplePaths({
    serializeState: (state) => JSON.stringify([state.value, (state.context as AuthContext).errorKey]),
  }) as ModelPath[];
  testPaths(paths, false);
});

describe('auth model, two-factor sign-in: what each failure shows', () => {
  it.each([
    [wrongCode, '{"signedOut":{"code":"idle"}}', 'errors.invalidCode'],
    [limited, '{"signedOut":{"code":"idle"}}', 'errors.tooManyAttempts'],
    [expired, '{"signedOut":"idle"}', 'errors.signInExpired'],
  ])('%o', async (error, state, key) => {
    const { auth, restoreSession, login, loginTwoFactor } = createAuthHarness();
    auth.start();
    restoreSession.resolve(nothingStored);
    await settle();
    auth.send({ type: 'auth.login', username: 'ada', password: 'secret' });
    login.resolve(challenge);
    await settle();
    auth.send({ type: 'auth.code', code: '123456', kind: 'totp' });
    await settle();
    loginTwoFactor.reject(error);
    await settle();
    expect(JSON.stringify(auth.getSnapshot().value)).toBe(state);
    expect(auth.getSnapshot().context.errorKey).toBe(key);
  });
});
