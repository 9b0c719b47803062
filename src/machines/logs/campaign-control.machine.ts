/**
 * The e-mail log's live side, for the campaigns a screen shows (a page of the log, or the one
 * campaign of its detail page). Two regions run side by side:
 *
 * - `polling`: while any watched campaign is scheduled or sending, its state (GET /send/{id}/) is
 *   read every POLL_MS and kept in `live`, so the figures move while the rows stay put. A campaign
 *   that leaves those states (finished, paused elsewhere) makes the screen read its rows again
 *   (`refreshRows`), which brings the figures only the log has (opens, finish time).
 * - `control`: pause and resume go straight to the server; cancel asks first (it cannot be undone
 *   and gives unsent credits back). One change at a time; each ends in a toast and a refresh.
 *
 * Events: `campaigns.watch {campaigns}` whenever the rows on screen change (it also forgets the
 * live states: fresh rows are newer), `campaign.pause|resume|cancel {id}`, `campaign.confirm`,
 * `campaign.dismiss`.
 */
import { assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CampaignState, CampaignStatusName } from '../../../contract/send.contract.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export const POLL_MS = 3_000;

export type CampaignAction = 'pause' | 'resume' | 'cancel';
export interface WatchedCampaign {
  id: string;
  status: CampaignStatusName;
}

export interface CampaignControlContext {
  watched: WatchedCampaign[];
  /** The latest polled or changed state of a campaign, by id; newer than its row. */
  live: Record<string, CampaignState>;
  pending: { id: string; action: CampaignAction } | null;
}

export type CampaignControlEvent =
  | { type: 'campaigns.watch'; campaigns: WatchedCampaign[] }
  | { type: 'campaign.pause'; id: string }
  | { type: 'campaign.resume'; id: string }
  | { type: 'campaign.cancel'; id: string }
  | { type: 'campaign.confirm' }
  | { type: 'campaign.dismiss' };

const ACTIVE: readonly CampaignStatusName[] = ['scheduled', 'sending'];

/** What the screen shows: the live status when one was read, the row's otherwise. */
export const statusOf = (context: CampaignControlContext, campaign: WatchedCampaign) =>
  context.live[campaign.id]?.status ?? campaign.status;

const activeIds = (context: CampaignControlContext) =>
  context.watched.filter((campaign) => ACTIVE.includes(statusOf(context, campaign))).map(({ id }) => id);

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
  },
  delays: { pollInterval: POLL_MS },
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
    isWatchingActive: ({ context }) => activeIds(context).length > 0,
    /** Polled states where a campaign the screen shows as active no longer is. */
    endsActivity: ({ context }, states: CampaignState[]) =>
      states.some(
        (state) =>
          !ACTIVE.includes(state.status) &&
          context.watched.some((campaign) => campaign.id === state.id && ACTIVE.includes(campaign.status)),
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
      states: {
        idle: { always: { guard: 'isWatchingActive', target: 'waiting' } },
        waiting: {
          // The rows changed and nothing on screen is active any more: stop asking.
          always: { guard: not('isWatchingActive'), target: 'idle' },
          after: { pollInterval: 'fetching' },
        },
        fetching: {
          invoke: {
            id: 'fetchStates',
            src: 'fetchStates',
            input: ({ context }) => ({ ids: activeIds(context) }),
            onDone: [
              {
                guard: { type: 'endsActivity', params: ({ event }) => event.output },
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
          always: [{ guard: 'isWatchingActive', target: 'waiting' }, { target: 'idle' }],
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
export const selectIsPolling = (snapshot: CampaignControlSnapshot) => !snapshot.matches({ polling: 'idle' });
