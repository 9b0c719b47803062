/**
 * One-click changes on the developer screens (turn a webhook endpoint on or off, send a delivery
 * again): idle -> working -> idle, with a toast either way and the list read again on success.
 * A second click while one is under way waits its turn (the buttons show it as busy).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export type DeveloperRequest =
  { kind: 'toggle'; id: string; enabled: boolean } | { kind: 'replay'; id: string; delivery: string };

const doneKeys: Record<DeveloperRequest['kind'], (request: DeveloperRequest) => string> = {
  toggle: (request) =>
    request.kind === 'toggle' && request.enabled
      ? 'developer:webhooks.enabledDone'
      : 'developer:webhooks.disabledDone',
  replay: () => 'developer:deliveries.replayed',
};

export const developerRequestsMachine = setup({
  types: {
    context: {} as { current: DeveloperRequest | null },
    events: {} as { type: 'request'; request: DeveloperRequest },
  },
  actors: {
    run: fromPromise<unknown, DeveloperRequest>(async () => notProvided('run')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    refreshList: () => {},
  },
}).createMachine({
  id: 'developerRequests',
  initial: 'idle',
  context: { current: null },
  states: {
    idle: {
      on: { request: { target: 'working', actions: assign({ current: ({ event }) => event.request }) } },
    },
    working: {
      invoke: {
        src: 'run',
        input: ({ context }) => context.current!,
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success' as const,
                key: doneKeys[context.current!.kind](context.current!),
              }),
            },
            'refreshList',
            assign({ current: null }),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            assign({ current: null }),
          ],
        },
      },
    },
  },
});

export type DeveloperRequestsActorRef = ActorRefFrom<typeof developerRequestsMachine>;
export const selectBusyId = (snapshot: SnapshotFrom<typeof developerRequestsMachine>) =>
  snapshot.context.current?.kind === 'replay'
    ? snapshot.context.current.delivery
    : (snapshot.context.current?.id ?? null);
