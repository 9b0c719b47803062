import { fromCallback, fromPromise } from 'xstate';
import { campaignControlMachine } from '../../machines/logs/campaign-control.machine.ts';
import type { Notify } from '../../machines/notify.ts';
import type { Call } from '../../services/http.ts';
import { changeCampaign, getCampaignStates } from '../../services/logs.service.ts';

/**
 * The campaign control machine (live figures, pause, resume, cancel) with its real calls, for the
 * e-mail log list and one entry alike; `refreshRows` says what to reload once a campaign changes.
 */
export function provideCampaignControl({
  call,
  notify,
  refreshRows,
}: {
  call: Call;
  notify: Notify;
  refreshRows: () => void;
}) {
  return campaignControlMachine.provide({
    actors: {
      fetchStates: fromPromise(({ input, signal }) => getCampaignStates(call, input.ids, signal)),
      changeCampaign: fromPromise(({ input, signal }) =>
        changeCampaign(call, input.id, input.action, signal),
      ),
      // Back to this tab: what was paused, resumed or cancelled meanwhile shows at once.
      watchVisibility: fromCallback(({ sendBack }) => {
        const onVisible = () => {
          if (document.visibilityState === 'visible') sendBack({ type: 'campaigns.recheck' });
        };
        document.addEventListener('visibilitychange', onVisible);
        return () => document.removeEventListener('visibilitychange', onVisible);
      }),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      refreshRows: () => refreshRows(),
    },
  });
}
