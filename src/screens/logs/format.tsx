import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignLog } from '../../../contract/logs.contract.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import type { CampaignState, CampaignStatusName } from '../../../contract/send.contract.ts';
import { formatNumber as formatAppNumber } from '../../lib/format-number.ts';

// What the e-mail log's screens share: times, figures, the status badge, live figures over a row.

export const formatTime = (iso: string | null, language: string) => formatDateTime(iso, language);

export const formatNumber = (value: number, language: string) => formatAppNumber(value, language);

/** When it went (or goes) out: the start once started, the scheduled time before, else creation. */
export const campaignTime = (campaign: Pick<CampaignLog, 'started_at' | 'scheduled_at' | 'created_at'>) =>
  campaign.started_at ?? campaign.scheduled_at ?? campaign.created_at;

/** A row with the latest polled state laid over it (status, per-status counts and times). */
export function withLive(campaign: CampaignLog, live: CampaignState | undefined): CampaignLog {
  if (!live) return campaign;
  return {
    ...campaign,
    status: live.status,
    counts: { ...campaign.counts, ...live.counts },
    started_at: live.started_at,
    finished_at: live.finished_at,
  };
}

/** Messages done with (sent, failed, blocked, cancelled) out of all. */
export const processed = (campaign: CampaignLog) =>
  campaign.counts.sent + campaign.counts.failed + campaign.counts.blocked + campaign.counts.cancelled;

// Dark shades on white, outlined: each meets 4.5:1 (see the users screen's badges).
const statusColor: Record<CampaignStatusName, string> = {
  scheduled: 'indigo.9',
  sending: 'blue.9',
  paused: 'orange.9',
  completed: 'teal.9',
  cancelled: 'gray.8',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatusName }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} variant="outline">
      {t(`logs:campaignStatus.${status}`)}
    </Badge>
  );
}
