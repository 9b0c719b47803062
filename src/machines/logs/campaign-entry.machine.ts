/**
 * One e-mail log entry's campaign and its figures over time: loading -> ready, or notFound (a
 * wrong id, or another sender's campaign: the server answers both with 404), or failed with a
 * retry. `entry.reload` (after a pause, a finished send) reads both again while the page keeps
 * showing what it had. The recipients' rows are the list machine's.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CampaignLinks, CampaignLogDetail, CampaignTimeline } from '../../../contract/logs.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

export interface CampaignEntry {
  campaign: CampaignLogDetail;
  timeline: CampaignTimeline;
  /** The per-link click report. */
  links: CampaignLinks;
}

export interface CampaignEntryContext {
  id: string;
  entry: CampaignEntry | null;
  /** i18n key of the last failed load. */
  errorKey: string | null;
}

export type CampaignEntryEvent = { type: 'entry.reload' } | { type: 'entry.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

export const campaignEntryMachine = setup({
  types: {
    context: {} as CampaignEntryContext,
    events: {} as CampaignEntryEvent,
    input: {} as { id: string },
    tags: {} as 'loading',
  },
  actors: {
    loadEntry: fromPromise<CampaignEntry, { id: string }>(async () => notProvided('loadEntry')),
  },
  actions: {
    storeEntry: assign((_, entry: CampaignEntry) => ({ entry, errorKey: null })),
    storeFailure: assign((_, error: unknown) => ({ errorKey: toAppError(error).code })),
  },
  guards: {
    isNotFound: (_, error: unknown) => toAppError(error).status === 404,
    /** A reload that fails keeps the page it had: the figures stay, only the refresh is lost. */
    hasEntry: ({ context }) => context.entry !== null,
  },
}).createMachine({
  id: 'campaignEntry',
  context: ({ input }) => ({ id: input.id, entry: null, errorKey: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadEntry',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'storeEntry', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: errorOf }, target: 'notFound' },
          { guard: 'hasEntry', target: 'ready' },
          { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
        ],
      },
    },
    ready: { on: { 'entry.reload': { target: 'loading' } } },
    notFound: { type: 'final' },
    failed: { on: { 'entry.retry': { target: 'loading' } } },
  },
});

export type CampaignEntryActorRef = ActorRefFrom<typeof campaignEntryMachine>;
export type CampaignEntrySnapshot = SnapshotFrom<typeof campaignEntryMachine>;

export const selectEntry = (snapshot: CampaignEntrySnapshot) => snapshot.context.entry;
export const selectIsNotFound = (snapshot: CampaignEntrySnapshot) => snapshot.matches('notFound');
export const selectIsFailed = (snapshot: CampaignEntrySnapshot) => snapshot.matches('failed');
export const selectErrorKey = (snapshot: CampaignEntrySnapshot) => snapshot.context.errorKey;
/** Nothing to show yet: the first load, not a reload under a page already shown. */
export const selectIsFirstLoad = (snapshot: CampaignEntrySnapshot) =>
  snapshot.hasTag('loading') && snapshot.context.entry === null;
