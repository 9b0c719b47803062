import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CampaignState } from '../../../contract/send.contract.ts';
import {
  campaignControlMachine,
  SLOW_POLL_MS,
  type CampaignAction,
  type CampaignControlContext,
} from '../../../src/machines/logs/campaign-control.machine.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { apiError } from '../../support/fixtures.ts';
import { toModelMachine } from '../../support/model-machine.ts';

const state = (status: CampaignState['status']): CampaignState => ({
  id: 'k1',
  status,
  recipients_count: 2,
  counts: { queued: 1, sending: 0, sent: 1, failed: 0, blocked: 0, cancelled: 0 },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  finished_at: null,
});

const model = createTestModel(toModelMachine(campaignControlMachine), {
  events: [
    { type: 'campaigns.watch', campaigns: [{ id: 'k1', status: 'sending' }] },
    { type: 'campaigns.recheck' },
    { type: 'campaign.pause', id: 'k1' },
    { type: 'campaign.resume', id: 'k1' },
    { type: 'campaign.cancel', id: 'k1' },
    { type: 'campaign.confirm' },
    { type: 'campaign.dismiss' },
    { type: 'model.after.pollInterval' },
    { type: 'xstate.done.actor.fetchStates', output: [state('completed')] },
    { type: 'xstate.error.actor.fetchStates', error: { code: 'errors.network', status: null } },
    { type: 'xstate.done.actor.changeCampaign', output: state('paused') },
    { type: 'xstate.error.actor.changeCampaign', error: { code: 'errors.campaignState', status: 409 } },
  ],
  serializeState: (snapshot) => {
    const context = snapshot.context as CampaignControlContext;
    return JSON.stringify([snapshot.value, context.watched.length, context.live.k1?.status, context.pending]);
  },
});

/**
 * Every shortest path of the model, replayed on the real machine with its real guards and
 * actions: the delay passes on a fake clock, and each call ends the way the step says.
 */
describe('campaign control machine, model-based paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      const fetchStates = controlledActor<CampaignState[], { ids: string[] }>();
      const changeCampaign = controlledActor<CampaignState, { id: string; action: CampaignAction }>();
      const actor = createActor(
        campaignControlMachine.provide({
          actors: { fetchStates: fetchStates.logic, changeCampaign: changeCampaign.logic },
        }),
      ).start();
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: unknown };
        // The longest the delay can be: it fires whichever interval the watched campaigns ask for.
        if (event.type === 'model.after.pollInterval') vi.advanceTimersByTime(SLOW_POLL_MS);
        else if (event.type === 'xstate.done.actor.fetchStates') fetchStates.resolve([state('completed')]);
        else if (event.type === 'xstate.error.actor.fetchStates')
          fetchStates.reject(apiError(503, 'errors.network'));
        else if (event.type === 'xstate.done.actor.changeCampaign') changeCampaign.resolve(state('paused'));
        else if (event.type === 'xstate.error.actor.changeCampaign')
          changeCampaign.reject(apiError(409, 'errors.campaignState'));
        else actor.send(event as never);
        await settle();
        expect(actor.getSnapshot().value).toEqual(step.state.value);
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }
});
