/**
 * The overview's figures (balance, this week's and month's sent / opened / blocked, the latest
 * campaigns): loading -> ready, or failed with a retry. The figures are read once per visit;
 * the e-mail log is where they move live.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SendingSummary } from '../../../contract/logs.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

export interface HomeSummaryContext {
  summary: SendingSummary | null;
  errorKey: string | null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

export const homeSummaryMachine = setup({
  types: {
    context: {} as HomeSummaryContext,
    events: {} as { type: 'summary.retry' },
    tags: {} as 'loading',
  },
  actors: {
    loadSummary: fromPromise<SendingSummary>(async () => notProvided('loadSummary')),
  },
  actions: {
    storeSummary: assign((_, summary: SendingSummary) => ({ summary, errorKey: null })),
    storeFailure: assign((_, error: unknown) => ({ errorKey: toAppError(error).code })),
  },
}).createMachine({
  id: 'homeSummary',
  context: { summary: null, errorKey: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSummary',
        onDone: { target: 'ready', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
      },
    },
    ready: {},
    failed: { on: { 'summary.retry': { target: 'loading' } } },
  },
});

export type HomeSummaryActorRef = ActorRefFrom<typeof homeSummaryMachine>;
type Snapshot = SnapshotFrom<typeof homeSummaryMachine>;

export const selectSummary = (snapshot: Snapshot) => snapshot.context.summary;
export const selectIsLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const selectIsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
