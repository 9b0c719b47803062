import { describe, expect, it } from 'vitest';
import type { Snapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import {
  requestRefresh,
  tokenRefreshMachine,
  type TokenRefreshContext,
} from '../../../src/machines/token-refresh.machine.ts';
import { toModelMachine } from '../../support/model-machine.ts';
import { settle } from '../../support/controlled-actor.ts';
import type { AppError } from '../../../src/lib/app-error.ts';
import { createTokenRefreshHarness } from '../../support/token-refresh-harness.ts';

type ModelSnapshot = Snapshot<unknown> & { value: unknown; context: TokenRefreshContext };
type ModelPath = TestPath<ModelSnapshot, { type: string }>;

const MAX_WAITERS = 3;
const newTokens = { access: 'access-2', refresh: 'refresh-2' };
const failure: AppError = { code: 'errors.sessionExpired', status: 401 };

const model = createTestModel(toModelMachine(tokenRefreshMachine), {
  events: [
    { type: 'token.refresh.request', resolve: () => {}, reject: () => {} },
    { type: 'xstate.done.actor.refreshAccessToken', output: newTokens },
    { type: 'xstate.error.actor.refreshAccessToken', error: failure },
  ],
  // Waiters hold functions, so states are told apart by how many callers wait, and by the
  // transition that entered them (an idle after a refresh is not the idle at start).
  serializeState: (state, event, previous) =>
    JSON.stringify([summary(state), event?.type ?? null, previous ? summary(previous) : null]),
  filterEvents: (state, event) =>
    event.type !== 'token.refresh.request' ||
    (state.context as TokenRefreshContext).waiters.length < MAX_WAITERS,
});

function summary(state: { value: unknown; context: unknown }) {
  return [state.value, (state.context as TokenRefreshContext).waiters.length];
}

interface Caller {
  outcome:
    { status: 'pending' } | { status: 'resolved'; value: string } | { status: 'rejected'; reason: unknown };
}

function nameOf(path: ModelPath): string {
  const labels: Record<string, string> = {
    'token.refresh.request': '401',
    'xstate.done.actor.refreshAccessToken': 'refreshed',
    'xstate.error.actor.refreshAccessToken': 'refresh failed',
  };
  const steps = path.steps.map((step) => labels[step.event.type]).filter(Boolean);
  return `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)} (${path.state.context.waiters.length} waiting)`;
}

function testPaths(paths: ModelPath[]) {
  for (const path of paths) {
    it(nameOf(path), async () => {
      const { tokenRefresh, refresh, announceTokensRefreshed, announceSessionExpired } =
        createTokenRefreshHarness();
      const callers: Caller[] = [];
      let cycles = 0;
      let expectedRefreshed = 0;
      let expectedExpired = 0;
      const waiting = () => callers.filter((caller) => caller.outcome.status === 'pending');

      await path.test({
        events: {
          'token.refresh.request': async () => {
            const caller: Caller = { outcome: { status: 'pending' } };
            callers.push(caller);
            requestRefresh(tokenRefresh).then(
              (value) => (caller.outcome = { status: 'resolved', value }),
              (reason: unknown) => (caller.outcome = { status: 'rejected', reason }),
            );
            await settle();
          },
          'xstate.done.actor.refreshAccessToken': async () => {
            const released = waiting();
            refresh.resolve(newTokens);
            cycles += 1;
            expectedRefreshed += 1;
            await settle();
            expect(released.map((caller) => caller.outcome)).toEqual(
              released.map(() => ({ status: 'resolved', value: 'access-2' })),
            );
          },
          'xstate.error.actor.refreshAccessToken': async () => {
            const released = waiting();
            refresh.reject(failure);
            cycles += 1;
            expectedExpired += 1;
            await settle();
            expect(released.map((caller) => caller.outcome)).toEqual(
              released.map(() => ({ status: 'rejected', reason: failure })),
            );
          },
        },
        states: {
          idle: (state) => {
            expect(tokenRefresh.getSnapshot().value).toBe(state.value);
            expect(tokenRefresh.getSnapshot().context.waiters).toHaveLength(0);
            expect(waiting()).toHaveLength(0);
            expect(refresh.calls).toHaveLength(cycles);
            expect(announceTokensRefreshed).toHaveBeenCalledTimes(expectedRefreshed);
            expect(announceSessionExpired).toHaveBeenCalledTimes(expectedExpired);
          },
          refreshing: (state) => {
            const real = tokenRefresh.getSnapshot();
            expect(real.value).toBe(state.value);
            expect(real.hasTag('busy')).toBe(true);
            expect(real.context.waiters).toHaveLength((state.context as TokenRefreshContext).waiters.length);
            expect(waiting()).toHaveLength(real.context.waiters.length);
            // However many callers wait, exactly one refresh is in flight.
            expect(refresh.calls).toHaveLength(cycles + 1);
          },
        },
      });
    });
  }
}

describe('token-refresh model: shortest paths', () => {
  testPaths(model.getShortestPaths() as ModelPath[]);
});

describe('token-refresh model: simple paths', () => {
  const paths = model.getSimplePaths() as ModelPath[];
  it('include a refresh shared by three waiting callers', () => {
    expect(
      paths.some((path) => path.steps.some((step) => step.state.context.waiters.length === MAX_WAITERS)),
    ).toBe(true);
  });
  testPaths(paths);
});

describe('token-refresh model: a second round after the first one ended', () => {
  const firstRounds = (model.getShortestPaths() as ModelPath[]).filter((path) => path.steps.length === 3);
  const paths = model.getShortestPathsFrom(firstRounds as never) as ModelPath[];
  it('start from a refresh that succeeded and one that failed', () => {
    expect(firstRounds.map((path) => path.steps.at(-1)?.event.type).sort()).toEqual([
      'xstate.done.actor.refreshAccessToken',
      'xstate.error.actor.refreshAccessToken',
    ]);
  });
  testPaths(paths);
});
