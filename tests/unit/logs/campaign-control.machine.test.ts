import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { errorCodes } from '../../../contract/errors.contract.ts';
import type { CampaignState, CampaignStatusName } from '../../../contract/send.contract.ts';
import {
  allowedActions,
  campaignControlMachine,
  POLL_MS,
  pollDelay,
  selectIsConfirmingCancel,
  selectIsLive,
  selectIsPolling,
  SLOW_POLL_MS,
  selectLive,
  type CampaignAction,
} from '../../../src/machines/logs/campaign-control.machine.ts';
import type { Notice } from '../../../src/machines/notify.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { apiError } from '../../support/fixtures.ts';

const state = (id: string, status: CampaignStatusName, sent = 0): CampaignState => ({
  id,
  status,
  recipients_count: 10,
  counts: { queued: 10 - sent, sending: 0, sent, failed: 0, blocked: 0, cancelled: 0 },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  finished_at: null,
});

function harness() {
  const fetchStates = controlledActor<CampaignState[], { ids: string[] }>();
  const changeCampaign = controlledActor<CampaignState, { id: string; action: CampaignAction }>();
  const notices: Notice[] = [];
  let refreshes = 0;
  const actor = createActor(
    campaignControlMachine.provide({
      actors: { fetchStates: fetchStates.logic, changeCampaign: changeCampaign.logic },
      actions: {
        notify: (_, notice) => void notices.push(notice),
        refreshRows: () => void (refreshes += 1),
      },
    }),
  ).start();
  return { actor, fetchStates, changeCampaign, notices, refreshes: () => refreshes };
}

describe('campaign control machine: live progress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for nothing while every campaign on screen has ended', () => {
    const { actor, fetchStates } = harness();
    actor.send({
      type: 'campaigns.watch',
      campaigns: [
        { id: 'a', status: 'completed' },
        { id: 'b', status: 'cancelled' },
      ],
    });
    vi.advanceTimersByTime(SLOW_POLL_MS * 3);
    expect(fetchStates.calls).toHaveLength(0);
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);
  });

  it('reads a paused campaign now and then, and reloads the rows once it was resumed elsewhere', async () => {
    const { actor, fetchStates, refreshes } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'b', status: 'paused' }] });
    expect(selectIsLive(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(SLOW_POLL_MS - 1);
    expect(fetchStates.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fetchStates.last().input).toEqual({ ids: ['b'] });
    fetchStates.resolve([state('b', 'paused')]);
    await settle();
    expect(refreshes()).toBe(0);
    vi.advanceTimersByTime(SLOW_POLL_MS);
    fetchStates.resolve([state('b', 'sending', 3)]);
    await settle();
    expect(refreshes()).toBe(1);
    // Until the rows come back, the live state already shows it sending, and fast.
    expect(selectIsLive(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(POLL_MS);
    expect(fetchStates.calls).toHaveLength(3);
  });

  it('reads at once when the tab comes back into view', () => {
    const { actor, fetchStates } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'b', status: 'paused' }] });
    actor.send({ type: 'campaigns.recheck' });
    expect(fetchStates.last().input).toEqual({ ids: ['b'] });
  });

  it('reads a scheduled campaign when it is due, not every few seconds before', () => {
    vi.setSystemTime(new Date('2026-11-24T09:00:00.000Z'));
    const { actor, fetchStates } = harness();
    actor.send({
      type: 'campaigns.watch',
      campaigns: [{ id: 'c', status: 'scheduled', scheduled_at: '2026-11-24T09:00:10.000Z' }],
    });
    vi.advanceTimersByTime(9_999);
    expect(fetchStates.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fetchStates.calls).toHaveLength(1);
  });

  it('waits the slow interval for one due far ahead, and the short one for one overdue', () => {
    const now = new Date('2026-11-24T09:00:00.000Z').getTime();
    const context = (scheduled_at: string) => ({
      watched: [{ id: 'c', status: 'scheduled' as const, scheduled_at }],
      live: {},
      pending: null,
    });
    expect(pollDelay(context('2026-12-24T09:00:00.000Z'), now)).toBe(SLOW_POLL_MS);
    expect(pollDelay(context('2026-11-24T08:00:00.000Z'), now)).toBe(POLL_MS);
    expect(pollDelay(context('2026-11-24T09:00:20.000Z'), now)).toBe(20_000);
  });

  it('reads the active campaigns every interval and shows their latest figures', async () => {
    const { actor, fetchStates, refreshes } = harness();
    actor.send({
      type: 'campaigns.watch',
      campaigns: [
        { id: 'a', status: 'sending' },
        { id: 'b', status: 'completed' },
        { id: 'c', status: 'scheduled' },
      ],
    });
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(fetchStates.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fetchStates.last().input).toEqual({ ids: ['a', 'c'] });
    fetchStates.resolve([state('a', 'sending', 4), state('c', 'scheduled')]);
    await settle();
    expect(selectLive(actor.getSnapshot()).a?.counts.sent).toBe(4);
    expect(refreshes()).toBe(0);
    vi.advanceTimersByTime(POLL_MS);
    expect(fetchStates.calls).toHaveLength(2);
  });

  it('reloads the rows when a campaign finishes, and stops once nothing is active', async () => {
    const { actor, fetchStates, refreshes } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'sending' }] });
    vi.advanceTimersByTime(POLL_MS);
    fetchStates.resolve([{ ...state('a', 'completed', 10), finished_at: '2026-11-24T09:05:00.000Z' }]);
    await settle();
    expect(refreshes()).toBe(1);
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);
    // The reloaded rows say completed: the live state is dropped and nothing is polled.
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'completed' }] });
    expect(selectLive(actor.getSnapshot())).toEqual({});
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(fetchStates.calls).toHaveLength(1);
  });

  it('tries again at the next interval when a poll fails', async () => {
    const { actor, fetchStates } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'sending' }] });
    vi.advanceTimersByTime(POLL_MS);
    fetchStates.reject(apiError(503, errorCodes.unavailable));
    await settle();
    vi.advanceTimersByTime(POLL_MS);
    expect(fetchStates.calls).toHaveLength(2);
  });
});

describe('campaign control machine: pause, resume, cancel', () => {
  it('offers each status only what the server allows', () => {
    expect(allowedActions('sending')).toEqual(['pause', 'cancel']);
    expect(allowedActions('paused')).toEqual(['resume', 'cancel']);
    expect(allowedActions('scheduled')).toEqual(['cancel']);
    expect(allowedActions('completed')).toEqual([]);
    expect(allowedActions('cancelled')).toEqual([]);
  });

  it('pauses at once, says so, and reloads the rows', async () => {
    const { actor, changeCampaign, notices, refreshes } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'sending' }] });
    actor.send({ type: 'campaign.pause', id: 'a' });
    expect(changeCampaign.last().input).toEqual({ id: 'a', action: 'pause' });
    changeCampaign.resolve(state('a', 'paused'));
    await settle();
    expect(notices).toEqual([{ kind: 'success', key: 'logs:toast.paused' }]);
    expect(selectLive(actor.getSnapshot()).a?.status).toBe('paused');
    expect(refreshes()).toBe(1);
    expect(actor.getSnapshot().matches({ control: 'idle' })).toBe(true);
  });

  it('refuses an action the status does not allow (a stale button)', () => {
    const { actor, changeCampaign } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'completed' }] });
    actor.send({ type: 'campaign.pause', id: 'a' });
    actor.send({ type: 'campaign.resume', id: 'unknown' });
    actor.send({ type: 'campaign.cancel', id: 'a' });
    expect(changeCampaign.calls).toHaveLength(0);
    expect(actor.getSnapshot().matches({ control: 'idle' })).toBe(true);
  });

  it('asks before cancelling, and does nothing when the answer is no', () => {
    const { actor, changeCampaign } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'scheduled' }] });
    actor.send({ type: 'campaign.cancel', id: 'a' });
    expect(selectIsConfirmingCancel(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'campaign.dismiss' });
    expect(selectIsConfirmingCancel(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(changeCampaign.calls).toHaveLength(0);
  });

  it('cancels once confirmed; a refusal is a translated error toast', async () => {
    const { actor, changeCampaign, notices } = harness();
    actor.send({ type: 'campaigns.watch', campaigns: [{ id: 'a', status: 'paused' }] });
    actor.send({ type: 'campaign.cancel', id: 'a' });
    actor.send({ type: 'campaign.confirm' });
    expect(changeCampaign.last().input).toEqual({ id: 'a', action: 'cancel' });
    changeCampaign.reject(apiError(409, errorCodes.campaignState));
    await settle();
    expect(notices).toEqual([{ kind: 'error', key: errorCodes.campaignState }]);
    actor.send({ type: 'campaign.resume', id: 'a' });
    changeCampaign.resolve(state('a', 'sending'));
    await settle();
    expect(notices.at(-1)).toEqual({ kind: 'success', key: 'logs:toast.resumed' });
  });
});
