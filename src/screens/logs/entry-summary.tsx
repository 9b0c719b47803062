import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignLog, CampaignLogDetail } from '../../../contract/logs.contract.ts';
import { NamedAddress } from '../../components/addresses.tsx';
import { CampaignStatusBadge, formatNumber, formatTime, processed } from './format.tsx';
import { SendProgress } from './send-progress.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm">{label}</Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The campaign's facts and figures above its recipients (the live state laid over them). */
export function EntrySummary({ campaign }: { campaign: CampaignLog & Pick<CampaignLogDetail, 'survey'> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const times = [
    ['logs:detail.createdAt', campaign.created_at],
    ['logs:detail.scheduledAt', campaign.scheduled_at],
    ['logs:detail.startedAt', campaign.started_at],
    ['logs:detail.finishedAt', campaign.finished_at],
  ] as const;
  return (
    <Stack gap="sm">
      <Group gap="md">
        <CampaignStatusBadge status={campaign.status} />
        {campaign.status === 'sending' ? (
          <Text size="sm">
            {t('logs:list.progress', {
              done: number(processed(campaign)),
              total: number(campaign.recipients_count),
            })}
          </Text>
        ) : null}
        <Text size="sm">
          {t('logs:detail.from')}: <NamedAddress name={campaign.sender_name} address={campaign.from_email} />
        </Text>
      </Group>
      <SendProgress campaign={campaign} />
      {campaign.status === 'paused' && campaign.pause_reason ? (
        <Text size="sm" fw={700} c="red.9">
          {t(`logs:pauseReason.${campaign.pause_reason}`)}
        </Text>
      ) : null}
      <Group gap="lg">
        {times
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <Text key={key} size="sm">
              {t(key)}: {formatTime(value, language)}
            </Text>
          ))}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Figure label={t('logs:detail.recipients')} value={number(campaign.recipients_count)} />
        <Figure label={t('logs:columns.sent')} value={number(campaign.counts.sent)} />
        <Figure label={t('logs:columns.failed')} value={number(campaign.counts.failed)} />
        <Figure label={t('logs:columns.blockedCount')} value={number(campaign.counts.blocked)} />
        <Figure label={t('logs:columns.opened')} value={number(campaign.counts.opened)} />
        <Figure label={t('logs:detail.machineOpens')} value={number(campaign.counts.machine_opened)} />
        <Figure label={t('logs:detail.clicks')} value={number(campaign.counts.clicked)} />
        <Figure label={t('logs:detail.bounces')} value={number(campaign.counts.bounced)} />
        <Figure label={t('logs:detail.complaints')} value={number(campaign.counts.complained)} />
        <Figure
          label={t('logs:status.queued')}
          value={number(campaign.counts.queued + campaign.counts.sending)}
        />
        {campaign.counts.possible_duplicates > 0 ? (
          <Figure
            label={t('logs:detail.possibleDuplicates')}
            value={number(campaign.counts.possible_duplicates)}
          />
        ) : null}
        {/* Only a cancelled campaign has cancelled messages: the rest of its recipients, never sent. */}
        {campaign.status === 'cancelled' || campaign.counts.cancelled > 0 ? (
          <Figure label={t('logs:status.cancelled')} value={number(campaign.counts.cancelled)} />
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
