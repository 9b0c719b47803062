import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { CampaignLog } from '../../../contract/logs.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideCampaignControl } from '../../app/wiring/logs.wiring.ts';
import { selectLive } from '../../machines/logs/campaign-control.machine.ts';
import * as home from '../../machines/logs/home-summary.machine.ts';
import { CampaignActions, CancelCampaignModal } from '../logs/campaign-actions.tsx';
import { CampaignTitle, campaignLabel } from '../logs/campaign-title.tsx';
import { CampaignStatusBadge, withLive } from '../logs/format.tsx';
import { SendProgress } from '../logs/send-progress.tsx';
import { useLogsI18n } from '../logs/use-logs-i18n.ts';

const NONE: CampaignLog[] = [];

/**
 * The overview's campaigns being sent or paused (issue 22), each with the log entry's live
 * progress and its pause, resume and cancel. The campaign control machine reads their states
 * while they can change and acts on them; when one changes status (finished, paused elsewhere,
 * a scheduled recent one started) the summary is read again, so the list follows.
 */
export function HomeLive({ summary }: { summary: home.HomeSummaryActorRef }) {
  const { t } = useLogsI18n();
  const { call, notify } = useAppServices();
  const active = useSelector(summary, (snapshot) => home.selectSummary(snapshot)?.active ?? NONE);
  const recent = useSelector(summary, (snapshot) => home.selectSummary(snapshot)?.recent ?? NONE);
  const machine = useMemo(
    () =>
      provideCampaignControl({
        call,
        notify,
        refreshRows: () => summary.send({ type: 'summary.reload' }),
      }),
    [call, notify, summary],
  );
  const control = useActorRef(machine);
  const live = useSelector(control, selectLive);
  useEffect(() => {
    // The recent ones too: a scheduled campaign among them that starts joins the list.
    const byId = new Map([...active, ...recent].map((campaign) => [campaign.id, campaign]));
    control.send({
      type: 'campaigns.watch',
      campaigns: [...byId.values()].map(({ id, status, scheduled_at }) => ({ id, status, scheduled_at })),
    });
  }, [control, active, recent]);

  if (active.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="home-live">
      <Title order={2} size="h4" id="home-live">
        {t('logs:home.live')}
      </Title>
      <Stack gap="lg" mt="sm">
        {active.map((row) => {
          const campaign = withLive(row, live[row.id]);
          return (
            <Stack key={campaign.id} gap="xs">
              <Group justify="space-between" gap="sm">
                <Anchor component={Link} to={paths.dashboard.logs.emailEntry(campaign.id)} dir="auto">
                  <CampaignTitle campaign={campaign} />
                </Anchor>
                <CampaignStatusBadge status={campaign.status} />
              </Group>
              <SendProgress
                campaign={campaign}
                label={t('logs:home.liveOf', { subject: campaignLabel(campaign) })}
              />
              {campaign.status === 'paused' && campaign.pause_reason ? (
                <Text size="sm" fw={700} c="red.9">
                  {t(`logs:pauseReason.${campaign.pause_reason}`)}
                </Text>
              ) : null}
              <CampaignActions control={control} campaign={campaign} />
            </Stack>
          );
        })}
      </Stack>
      <CancelCampaignModal
        control={control}
        subjectOf={(id) => {
          const campaign = active.find((candidate) => candidate.id === id);
          return campaign ? campaignLabel(campaign) : '';
        }}
      />
    </Paper>
  );
}
