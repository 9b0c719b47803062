import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { errorCodes } from '../../../contract/errors.contract.ts';
import type { SendingSummary } from '../../../contract/logs.contract.ts';
import {
  campaignEntryMachine,
  selectEntry,
  selectErrorKey,
  selectIsFailed,
  selectIsFirstLoad,
  selectIsNotFound,
  type CampaignEntry,
} from '../../../src/machines/logs/campaign-entry.machine.ts';
import * as home from '../../../src/machines/logs/home-summary.machine.ts';
import { localPeriodStarts } from '../../../src/services/logs.service.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { apiError } from '../../support/fixtures.ts';

const entry = {
  campaign: { id: 'k1', subject: 'Offer' },
  timeline: { bucket: 'hour' },
} as unknown as CampaignEntry;

function entryHarness() {
  const loadEntry = controlledActor<CampaignEntry, { id: string }>();
  const actor = createActor(campaignEntryMachine.provide({ actors: { loadEntry: loadEntry.logic } }), {
    input: { id: 'k1' },
  }).start();
  return { actor, loadEntry };
}

describe('campaign entry machine', () => {
  it('loads the campaign named by the route and shows it', async () => {
    const { actor, loadEntry } = entryHarness();
    expect(selectIsFirstLoad(actor.getSnapshot())).toBe(true);
    expect(loadEntry.last().input).toEqual({ id: 'k1' });
    loadEntry.resolve(entry);
    await settle();
    expect(selectEntry(actor.getSnapshot())).toBe(entry);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('tells a missing campaign (404) apart from a failed load, which can be retried', async () => {
    const missing = entryHarness();
    missing.loadEntry.reject(apiError(404, errorCodes.notFound));
    await settle();
    expect(selectIsNotFound(missing.actor.getSnapshot())).toBe(true);

    const failing = entryHarness();
    failing.loadEntry.reject(apiError(503, errorCodes.unavailable));
    await settle();
    expect(selectIsFailed(failing.actor.getSnapshot())).toBe(true);
    expect(selectErrorKey(failing.actor.getSnapshot())).toBe(errorCodes.unavailable);
    failing.actor.send({ type: 'entry.retry' });
    expect(failing.loadEntry.calls).toHaveLength(2);
  });

  it('keeps the page it shows when a reload fails', async () => {
    const { actor, loadEntry } = entryHarness();
    loadEntry.resolve(entry);
    await settle();
    actor.send({ type: 'entry.reload' });
    expect(selectIsFirstLoad(actor.getSnapshot())).toBe(false);
    loadEntry.reject(apiError(503, errorCodes.unavailable));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectEntry(actor.getSnapshot())).toBe(entry);
  });
});

describe('home summary machine', () => {
  it('loads the figures, and after a failure only a retry loads them again', async () => {
    const loadSummary = controlledActor<SendingSummary>();
    const actor = createActor(
      home.homeSummaryMachine.provide({ actors: { loadSummary: loadSummary.logic } }),
    ).start();
    expect(home.selectIsLoading(actor.getSnapshot())).toBe(true);
    loadSummary.reject(apiError(503, errorCodes.unavailable));
    await settle();
    expect(home.selectIsFailed(actor.getSnapshot())).toBe(true);
    expect(home.selectErrorKey(actor.getSnapshot())).toBe(errorCodes.unavailable);
    actor.send({ type: 'summary.retry' });
    const figures = { balance: 5, week: { sent: 1, opened: 0, blocked: 0 } } as SendingSummary;
    loadSummary.resolve(figures);
    await settle();
    expect(home.selectSummary(actor.getSnapshot())).toBe(figures);
  });
});

describe('home summary machine reload (issue 22: a campaign on the overview changed status)', () => {
  it('reads the figures again under the ones shown, and keeps them when the reload fails', async () => {
    const loadSummary = controlledActor<SendingSummary>();
    const actor = createActor(
      home.homeSummaryMachine.provide({ actors: { loadSummary: loadSummary.logic } }),
    ).start();
    const first = { balance: 5, active: [{ id: 'k1', status: 'sending' }] } as unknown as SendingSummary;
    loadSummary.resolve(first);
    await settle();
    actor.send({ type: 'summary.reload' });
    expect(loadSummary.calls).toHaveLength(2);
    // Not a first load: the page keeps its figures and live progress meanwhile.
    expect(home.selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(home.selectSummary(actor.getSnapshot())).toBe(first);
    loadSummary.reject(apiError(503, errorCodes.unavailable));
    await settle();
    expect(home.selectIsFailed(actor.getSnapshot())).toBe(false);
    expect(home.selectSummary(actor.getSnapshot())).toBe(first);
    actor.send({ type: 'summary.reload' });
    const next = { balance: 4, active: [] } as unknown as SendingSummary;
    loadSummary.resolve(next);
    await settle();
    expect(home.selectSummary(actor.getSnapshot())).toBe(next);
  });
});

describe('the overview’s periods', () => {
  it('start on the local Monday at midnight and on the first of the local month', () => {
    const { week_start, month_start } = localPeriodStarts(new Date(2026, 10, 26, 15, 30));
    expect(new Date(week_start)).toEqual(new Date(2026, 10, 23));
    expect(new Date(month_start)).toEqual(new Date(2026, 10, 1));
    // A Sunday belongs to the week that began six days before.
    expect(new Date(localPeriodStarts(new Date(2026, 10, 29, 23, 0)).week_start)).toEqual(
      new Date(2026, 10, 23),
    );
  });
});
