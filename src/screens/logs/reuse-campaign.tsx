import { Button } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { CampaignLogDetail } from '../../../contract/logs.contract.ts';
import { paths } from '../../app/paths.ts';
import { draftFromCampaign } from '../../machines/send-wizard/reuse.ts';
import type { SourceKind } from '../../machines/send-wizard/types.ts';
import { writeDraft } from '../../services/send-draft.storage.ts';
import { useLogsI18n } from './use-logs-i18n.ts';

const wizardPath: Record<SourceKind, string> = {
  single: paths.dashboard.send.user,
  lists: paths.dashboard.send.list,
  groups: paths.dashboard.send.group,
  excel: paths.dashboard.send.excel,
};

/** "Use as a new send" (issue 22): the send wizard opens filled with this campaign's message. */
export function ReuseCampaignButton({ campaign }: { campaign: CampaignLogDetail }) {
  const { t } = useLogsI18n();
  const navigate = useNavigate();
  return (
    <Button
      variant="light"
      onClick={() => {
        const { source, draft } = draftFromCampaign(campaign);
        // The wizard starts from the kept draft of its source: this one, in place of any.
        writeDraft(window.localStorage, source, draft);
        navigate(wizardPath[source]);
      }}
    >
      {t('logs:detail.reuse')}
    </Button>
  );
}
