/**
 * The overview's figures (balance, this week's and month's sent / opened / blocked, the latest
 * campaigns, the ones sending or paused): loading -> ready, or failed with a retry. The figures
 * are read once per visit, and again on `summary.reload` when a campaign on screen changed status
 * (finished, paused, resumed: the campaign control machine says so); a reload that fails keeps
 * what the page shows. The live progress between reloads is the campaign control machine's.
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
    events: {} as { type: 'summary.retry' } | { type: 'summary.reload' },
    tags: {} as 'loading',
  },
  actors: {
    loadSummary: fromPromise<SendingSummary>(async () => notProvided('loadSummary')),
  },
  actions: {
    storeSummary: assign((_, summary: SendingSummary) => ({ summary, errorKey: null })),
    storeFailure: assign((_, error: unknown) => ({ errorKey: toAppError(error).code })),
  },
  guards: {
    hasSummary: ({ context }) => context.summary !== null,
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
        onError: [
          { guard: 'hasSummary', target: 'ready' },
          { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
        ],
      },
    },
    ready: { on: { 'summary.reload': { target: 'loading' } } },
    failed: { on: { 'summary.retry': { target: 'loading' } } },
  },
});

export type HomeSummaryActorRef = ActorRefFrom<typeof homeSummaryMachine>;
type Snapshot = SnapshotFrom<typeof homeSummaryMachine>;

export const selectSummary = (snapshot: Snapshot) => snapshot.context.summary;
/** Nothing to show yet: the first load, not a reload under figures already shown. */
export const selectIsLoading = (snapshot: Snapshot) =>
  snapshot.hasTag('loading') && snapshot.context.summary === null;
export const selectIsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
