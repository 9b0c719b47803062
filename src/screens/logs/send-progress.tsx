import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignLog } from '../../../contract/logs.contract.ts';
import { formatNumber } from './format.tsx';

/** The figures of a campaign on its way: sent, failed, remaining, rate per minute and time left. */
export function progressOf(campaign: CampaignLog, now: number) {
  const { sent, failed, blocked, cancelled } = campaign.counts;
  const total = campaign.recipients_count;
  const remaining = Math.max(0, total - sent - failed - blocked - cancelled);
  const started = campaign.started_at ? new Date(campaign.started_at).getTime() : NaN;
  const minutes = (now - started) / 60_000;
  // Not before a few seconds of sending: the first batch alone says nothing about the pace.
  const perMinute = Number.isFinite(minutes) && minutes > 0.1 ? (sent + failed) / minutes : 0;
  const minutesLeft = perMinute > 0 ? Math.ceil(remaining / perMinute) : null;
  return { total, sent, failed, remaining, perMinute: Math.round(perMinute), minutesLeft };
}

/**
 * Live progress on a sending or paused campaign (issue 22): a bar of sent, failed and remaining
 * messages, the pace and the time left. The figures are the live ones laid over the campaign, so
 * the bar moves as the log reads them again; pause and resume sit beside it. The overview shows
 * one per campaign, so there each region is named after its campaign (`label`).
 */
export function SendProgress({
  campaign,
  now = Date.now(),
  label,
}: {
  campaign: CampaignLog;
  now?: number;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  if (campaign.status !== 'sending' && campaign.status !== 'paused') return null;
  const number = (value: number) => formatNumber(value, i18n.language);
  const p = progressOf(campaign, now);
  const share = (value: number) => (p.total > 0 ? (value / p.total) * 100 : 0);
  return (
    <Stack gap={4} component="section" aria-label={label ?? t('logs:live.heading')}>
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={share(p.sent)} color="teal.9" />
        <Progress.Section value={share(p.failed)} color="red.9" />
      </Progress.Root>
      <Group gap="lg">
        <Text size="sm">{t('logs:live.sent', { value: number(p.sent) })}</Text>
        <Text size="sm">{t('logs:live.failed', { value: number(p.failed) })}</Text>
        <Text size="sm">{t('logs:live.remaining', { value: number(p.remaining) })}</Text>
        {campaign.status === 'sending' && p.perMinute > 0 ? (
          <Text size="sm">{t('logs:live.rate', { value: number(p.perMinute) })}</Text>
        ) : null}
        {campaign.status === 'sending' && p.minutesLeft !== null ? (
          <Text size="sm">{t('logs:live.left', { value: number(p.minutesLeft) })}</Text>
        ) : null}
      </Group>
    </Stack>
  );
}
