/**
 * The e-mail log's live side, for the campaigns a screen shows (a page of the log, or the one
 * campaign of its detail page). Two regions run side by side:
 *
 * - `polling`: while any watched campaign can still change (scheduled, sending, paused), its state
 *   (GET /send/{id}/) is read and kept in `live`, so the figures move while the rows stay put:
 *   every POLL_MS while one is sending; otherwise when the next scheduled one is due, and at
 *   least every SLOW_POLL_MS (another tab or sender may pause, resume or cancel it), and at once
 *   when the tab comes back into view (`campaigns.recheck`). A campaign whose status moves from
 *   its row's (finished, paused or resumed elsewhere, started) makes the screen read its rows
 *   again (`refreshRows`), which brings the figures only the log has (opens, finish time).
 * - `control`: pause and resume go straight to the server; cancel asks first (it cannot be undone
 *   and gives unsent credits back). One change at a time; each ends in a toast and a refresh.
 *
 * Events: `campaigns.watch {campaigns}` whenever the rows on screen change (it also forgets the
 * live states: fresh rows are newer), `campaigns.recheck`, `campaign.pause|resume|cancel {id}`,
 * `campaign.confirm`, `campaign.dismiss`.
 */
import { assign, fromCallback, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CampaignState, CampaignStatusName } from '../../../contract/send.contract.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

/** How often a campaign being sent is read. */
export const POLL_MS = 3_000;
/** How often campaigns that change only when someone acts (paused, scheduled ahead) are read. */
export const SLOW_POLL_MS = 30_000;

export type CampaignAction = 'pause' | 'resume' | 'cancel';
export interface WatchedCampaign {
  id: string;
  status: CampaignStatusName;
  /** When a scheduled campaign is due: it is read again then, to show it started. */
  scheduled_at?: string | null;
}

export interface CampaignControlContext {
  watched: WatchedCampaign[];
  /** The latest polled or changed state of a campaign, by id; newer than its row. */
  live: Record<string, CampaignState>;
  pending: { id: string; action: CampaignAction } | null;
}

export type CampaignControlEvent =
  | { type: 'campaigns.watch'; campaigns: WatchedCampaign[] }
  | { type: 'campaigns.recheck' }
  | { type: 'campaign.pause'; id: string }
  | { type: 'campaign.resume'; id: string }
  | { type: 'campaign.cancel'; id: string }
  | { type: 'campaign.confirm' }
  | { type: 'campaign.dismiss' };

/** The statuses a campaign can still leave: the ones worth reading again. */
const OPEN: readonly CampaignStatusName[] = ['scheduled', 'sending', 'paused'];

/** What the screen shows: the live status when one was read, the row's otherwise. */
export const statusOf = (context: CampaignControlContext, campaign: WatchedCampaign) =>
  context.live[campaign.id]?.status ?? campaign.status;

const openCampaigns = (context: CampaignControlContext) =>
  context.watched.filter((campaign) => OPEN.includes(statusOf(context, campaign)));

/** Whether a watched campaign is being sent: its figures move by themselves ("Updating live"). */
export const isSendingWatched = (context: CampaignControlContext) =>
  context.watched.some((campaign) => statusOf(context, campaign) === 'sending');

/**
 * How long until the next read: POLL_MS while one is sending; else until the next scheduled
 * campaign is due (a late one at once, at POLL_MS), and SLOW_POLL_MS at the most.
 */
export function pollDelay(context: CampaignControlContext, now: number = Date.now()): number {
  if (isSendingWatched(context)) return POLL_MS;
  const due = openCampaigns(context)
    .filter((campaign) => statusOf(context, campaign) === 'scheduled')
    .map((campaign) => Date.parse(context.live[campaign.id]?.scheduled_at ?? campaign.scheduled_at ?? ''))
    .filter(Number.isFinite);
  const untilDue = Math.min(...due) - now;
  return Math.max(POLL_MS, Math.min(SLOW_POLL_MS, untilDue));
}

/** Which actions a campaign in `status` allows (the server's TRANSITIONS and cancel's states). */
export function allowedActions(status: CampaignStatusName): CampaignAction[] {
  if (status === 'sending') return ['pause', 'cancel'];
  if (status === 'paused') return ['resume', 'cancel'];
  if (status === 'scheduled') return ['cancel'];
  return [];
}

const successKey: Record<CampaignAction, string> = {
  pause: 'logs:toast.paused',
  resume: 'logs:toast.resumed',
  cancel: 'logs:toast.cancelled',
};

export const campaignControlMachine = setup({
  types: {
    context: {} as CampaignControlContext,
    events: {} as CampaignControlEvent,
    tags: {} as 'busy',
  },
  actors: {
    fetchStates: fromPromise<CampaignState[], { ids: string[] }>(async () => notProvided('fetchStates')),
    changeCampaign: fromPromise<CampaignState, { id: string; action: CampaignAction }>(async () =>
      notProvided('changeCampaign'),
    ),
    // Sends campaigns.recheck when the tab comes back into view (the wiring listens to the
    // page's visibility). Left out, the slow interval alone catches changes made elsewhere.
    watchVisibility: fromCallback(() => undefined),
  },
  delays: { pollInterval: ({ context }) => pollDelay(context) },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The screen reads its rows again (the list's `list.refresh`, the detail's queries). */
    refreshRows: () => {},
    watch: assign((_, campaigns: WatchedCampaign[]) => ({ watched: campaigns, live: {} })),
    storeStates: assign(({ context }, states: CampaignState[]) => ({
      live: { ...context.live, ...Object.fromEntries(states.map((state) => [state.id, state])) },
    })),
    ask: assign((_, pending: { id: string; action: CampaignAction }) => ({ pending })),
    forgetPending: assign({ pending: null }),
  },
  guards: {
    isWatchingOpen: ({ context }) => openCampaigns(context).length > 0,
    /** Polled states whose status is no longer the one the campaign's row shows. */
    movedFromRows: ({ context }, states: CampaignState[]) =>
      states.some((state) =>
        context.watched.some((campaign) => campaign.id === state.id && campaign.status !== state.status),
      ),
    /** The action is one the campaign's current status allows (a stale button cannot act). */
    isAllowed: ({ context }, pending: { id: string; action: CampaignAction }) => {
      const campaign = context.watched.find(({ id }) => id === pending.id);
      return campaign !== undefined && allowedActions(statusOf(context, campaign)).includes(pending.action);
    },
  },
}).createMachine({
  id: 'campaignControl',
  type: 'parallel',
  context: { watched: [], live: {}, pending: null },
  on: { 'campaigns.watch': { actions: { type: 'watch', params: ({ event }) => event.campaigns } } },
  states: {
    polling: {
      initial: 'idle',
      invoke: { id: 'watchVisibility', src: 'watchVisibility' },
      states: {
        idle: { always: { guard: 'isWatchingOpen', target: 'waiting' } },
        waiting: {
          // The rows changed and nothing on screen can change any more: stop asking.
          always: { guard: not('isWatchingOpen'), target: 'idle' },
          after: { pollInterval: 'fetching' },
          on: { 'campaigns.recheck': 'fetching' },
        },
        fetching: {
          invoke: {
            id: 'fetchStates',
            src: 'fetchStates',
            input: ({ context }) => ({ ids: openCampaigns(context).map(({ id }) => id) }),
            onDone: [
              {
                guard: { type: 'movedFromRows', params: ({ event }) => event.output },
                target: 'settling',
                actions: [{ type: 'storeStates', params: ({ event }) => event.output }, 'refreshRows'],
              },
              { target: 'settling', actions: { type: 'storeStates', params: ({ event }) => event.output } },
            ],
            // A missed poll is tried again at the next interval; the rows on screen stay as they were.
            onError: { target: 'settling' },
          },
        },
        settling: {
          always: [{ guard: 'isWatchingOpen', target: 'waiting' }, { target: 'idle' }],
        },
      },
    },
    control: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'campaign.pause': {
              guard: { type: 'isAllowed', params: ({ event }) => ({ id: event.id, action: 'pause' }) },
              target: 'changing',
              actions: { type: 'ask', params: ({ event }) => ({ id: event.id, action: 'pause' as const }) },
            },
            'campaign.resume': {
              guard: { type: 'isAllowed', params: ({ event }) => ({ id: event.id, action: 'resume' }) },
              target: 'changing',
              actions: { type: 'ask', params: ({ event }) => ({ id: event.id, action: 'resume' as const }) },
            },
            'campaign.cancel': {
              guard: { type: 'isAllowed', params: ({ event }) => ({ id: event.id, action: 'cancel' }) },
              target: 'confirmingCancel',
              actions: { type: 'ask', params: ({ event }) => ({ id: event.id, action: 'cancel' as const }) },
            },
          },
        },
        confirmingCancel: {
          on: {
            'campaign.confirm': { target: 'changing' },
            'campaign.dismiss': { target: 'idle', actions: 'forgetPending' },
          },
        },
        changing: {
          tags: ['busy'],
          // `pending` is forgotten by the transitions' own actions: an exit action would run
          // before them and lose which action the toast names.
          invoke: {
            id: 'changeCampaign',
            src: 'changeCampaign',
            input: ({ context }) => context.pending ?? { id: '', action: 'pause' },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeStates', params: ({ event }) => [event.output] },
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'success',
                    key: successKey[context.pending?.action ?? 'pause'],
                  }),
                },
                'refreshRows',
                'forgetPending',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notify', params: ({ event }) => failureNotice(event.error) },
                'refreshRows',
                'forgetPending',
              ],
            },
          },
        },
      },
    },
  },
});

export type CampaignControlActorRef = ActorRefFrom<typeof campaignControlMachine>;
export type CampaignControlSnapshot = SnapshotFrom<typeof campaignControlMachine>;

export const selectLive = (snapshot: CampaignControlSnapshot) => snapshot.context.live;
export const selectPending = (snapshot: CampaignControlSnapshot) => snapshot.context.pending;
export const selectIsConfirmingCancel = (snapshot: CampaignControlSnapshot) =>
  snapshot.matches({ control: 'confirmingCancel' });
export const selectIsChanging = (snapshot: CampaignControlSnapshot) => snapshot.hasTag('busy');
/** A campaign on screen is being sent, so its figures update by themselves. */
export const selectIsLive = (snapshot: CampaignControlSnapshot) => isSendingWatched(snapshot.context);
/** Some campaign on screen is read again from time to time. */
export const selectIsPolling = (snapshot: CampaignControlSnapshot) => !snapshot.matches({ polling: 'idle' });
