/**
 * The overview's 30-day trend (sent, opened, answered per day): loading -> ready, or failed with
 * a retry. Read once per visit, like the overview's figures.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SendingTrend } from '../../../contract/logs.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

export interface HomeTrendContext {
  trend: SendingTrend | null;
  errorKey: string | null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

export const homeTrendMachine = setup({
  types: {
    context: {} as HomeTrendContext,
    events: {} as { type: 'trend.retry' },
    tags: {} as 'loading',
  },
  actors: {
    loadTrend: fromPromise<SendingTrend>(async () => notProvided('loadTrend')),
  },
  actions: {
    storeTrend: assign((_, trend: SendingTrend) => ({ trend, errorKey: null })),
    storeFailure: assign((_, error: unknown) => ({ errorKey: toAppError(error).code })),
  },
}).createMachine({
  id: 'homeTrend',
  context: { trend: null, errorKey: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadTrend',
        onDone: { target: 'ready', actions: { type: 'storeTrend', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
      },
    },
    ready: {},
    failed: { on: { 'trend.retry': { target: 'loading' } } },
  },
});

export type HomeTrendActorRef = ActorRefFrom<typeof homeTrendMachine>;
type Snapshot = SnapshotFrom<typeof homeTrendMachine>;

export const selectTrend = (snapshot: Snapshot) => snapshot.context.trend;
export const selectIsLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const selectIsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
