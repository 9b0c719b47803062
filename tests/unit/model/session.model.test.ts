import { describe, expect, it } from 'vitest';
import { assign } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { SESSION_MARKERS } from '../../../contract/auth.contract.ts';
import {
  canEnterAdminArea,
  canEnterDashboard,
  canEnterSignedOutArea,
  decideRoute,
} from '../../../src/app/route-rules.ts';
import { sessionMachine, type SessionSnapshot } from '../../../src/machines/session.machine.ts';
import { readSessionMarker } from '../../../src/services/session-cookie.ts';
import { removeSessionCookie, setSessionCookie, startSession } from '../../support/session-actor.ts';

/** In the model, session.changed carries the cookie value the test then writes for real. */
type CookieChange = { type: 'session.changed'; marker: string | null };

const cookieValues = [SESSION_MARKERS.admin, SESSION_MARKERS.sender, '', 'forged', null];

const model = createTestModel(
  sessionMachine.provide({
    actions: {
      readMarker: assign({ marker: ({ event }) => (event as Partial<CookieChange>).marker ?? null }),
    },
  }),
  { events: cookieValues.map((marker) => ({ type: 'session.changed' as const, marker })) },
);

const cookieNames = new Map<string | null, string>([
  [SESSION_MARKERS.admin, 'admin marker'],
  [SESSION_MARKERS.sender, 'sender marker'],
  ['', 'empty cookie'],
  ['forged', 'forged cookie'],
  [null, 'no cookie'],
]);

/** "no cookie → admin marker ⇒ admin": the markers are 64 hex digits, unreadable in a test name. */
function nameOf(path: ReturnType<typeof model.getShortestPaths>[number]): string {
  const changes = path.steps
    .filter((step) => step.event.type === 'session.changed')
    .map((step) => cookieNames.get((step.event as CookieChange).marker));
  return `${changes.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}

function checkAgainst(
  actor: ReturnType<typeof startSession>,
  expectedGuards: { A: boolean; B: boolean; C: boolean },
) {
  return (state: SessionSnapshot) => {
    const real = actor.getSnapshot();
    expect(real.value).toEqual(state.value);
    expect(real.context.marker).toBe(state.context.marker);
    expect(real.context.marker).toBe(readSessionMarker());
    const marker = real.context.marker;
    expect({
      A: canEnterAdminArea(marker),
      B: canEnterDashboard(marker),
      C: canEnterSignedOutArea(marker),
    }).toEqual(expectedGuards);
    for (const guard of ['A', 'B', 'C'] as const) {
      const decision = decideRoute(guard, marker);
      if (!decision.allowed) expect(decision.replace).toBe(true);
    }
  };
}

function testPaths(paths: ReturnType<typeof model.getShortestPaths>) {
  for (const path of paths) {
    it(nameOf(path), async () => {
      const session = startSession();
      await path.test({
        events: {
          'session.changed': ({ event }) => {
            const { marker } = event as CookieChange;
            if (marker === null) removeSessionCookie();
            else setSessionCookie(marker);
            session.send({ type: 'session.changed' });
          },
        },
        states: {
          admin: checkAgainst(session, { A: true, B: true, C: false }),
          sender: checkAgainst(session, { A: false, B: true, C: false }),
          anonymous: checkAgainst(session, { A: false, B: false, C: true }),
        },
      });
    });
  }
}

describe('session model: shortest path to every state and the transition that enters it', () => {
  const paths = model.getShortestPaths();
  it('covers every move between the three areas', () => {
    const moves = new Set(
      paths.flatMap((path) =>
        path.steps
          .slice(1)
          .map(
            (step, index) =>
              `${JSON.stringify(path.steps[index]?.state.value)}→${JSON.stringify(step.state.value)}`,
          ),
      ),
    );
    const areas = ['"anonymous"', '"sender"', '"admin"'];
    expect(moves).toEqual(new Set(areas.flatMap((from) => areas.map((to) => `${from}→${to}`))));
  });
  testPaths(paths);
});

describe('session model: every simple path between the three areas', () => {
  const paths = model.getSimplePaths({ serializeState: (state) => JSON.stringify(state.value) });
  it('passes through both signed-in areas', () => {
    const visited = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect(visited).toEqual(new Set(['"anonymous"', '"sender"', '"admin"']));
  });
  testPaths(paths);
});
