/**
 * "Release all matching" of the suppression list: idle -> confirming -> releasing -> idle with how
 * many were released (the screen says it, then the list is read again), or back to confirming
 * with the problem. The list's query at the moment of the request is what is released, so the
 * dialog and the call agree even if the list reloads meanwhile.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toAppError, toastKeyOf } from '../../lib/app-error.ts';
import type { ListRequest } from '../list.machine.ts';
import { notProvided } from '../notify.ts';

type Context = { request: ListRequest | null; released: number | null; problem: string | null };

type Event =
  | { type: 'release.request'; request: ListRequest }
  | { type: 'release.cancel' }
  | { type: 'release.confirm' };

export const releaseSuppressionsMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    release: fromPromise<{ released: number }, ListRequest>(async () => notProvided('release')),
  },
  actions: { refreshList: () => {} },
}).createMachine({
  id: 'releaseSuppressions',
  initial: 'idle',
  context: { request: null, released: null, problem: null },
  states: {
    idle: {
      on: {
        'release.request': {
          target: 'confirming',
          actions: assign({ request: ({ event }) => event.request, released: null, problem: null }),
        },
      },
    },
    confirming: {
      on: { 'release.cancel': 'idle', 'release.confirm': 'releasing' },
    },
    releasing: {
      invoke: {
        id: 'release',
        src: 'release',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'idle',
          actions: [assign({ released: ({ event }) => event.output.released }), 'refreshList'],
        },
        onError: {
          target: 'confirming',
          actions: assign({ problem: ({ event }) => toastKeyOf(toAppError(event.error)) }),
        },
      },
    },
  },
});

export type ReleaseSuppressionsActorRef = ActorRefFrom<typeof releaseSuppressionsMachine>;
type Snapshot = SnapshotFrom<typeof releaseSuppressionsMachine>;
export const selectIsConfirmingRelease = (snapshot: Snapshot) => !snapshot.matches('idle');
export const selectIsReleasing = (snapshot: Snapshot) => snapshot.matches('releasing');
export const selectReleased = (snapshot: Snapshot) => snapshot.context.released;
export const selectReleaseProblem = (snapshot: Snapshot) => snapshot.context.problem;
