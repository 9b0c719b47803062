import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { CampaignLog } from '../../../contract/logs.contract.ts';
import { campaignStatusSchema } from '../../../contract/send.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { provideList, type ListActorRef } from '../../machines/list.machine.ts';
import { selectQuery, selectResults } from '../../machines/list.selectors.ts';
import { selectIsLive, selectLive } from '../../machines/logs/campaign-control.machine.ts';
import { listCampaigns } from '../../services/logs.service.ts';
import { provideCampaignControl } from '../../app/wiring/logs.wiring.ts';
import { CampaignActions, CancelCampaignModal } from './campaign-actions.tsx';
import { CampaignTitle, campaignLabel } from './campaign-title.tsx';
import {
  campaignTime,
  CampaignStatusBadge,
  formatNumber,
  formatTime,
  processed,
  withLive,
} from './format.tsx';
import { useLogsI18n } from './use-logs-i18n.ts';

function StatusFilter({ list }: { list: ListActorRef }) {
  const { t } = useLogsI18n();
  const status = useSelector(list, (snapshot) => selectQuery(snapshot).filters.status ?? '');
  return (
    <Select
      label={t('logs:list.statusFilter')}
      maw={240}
      allowDeselect={false}
      value={status}
      data={[
        { value: '', label: t('logs:list.allStatuses') },
        ...campaignStatusSchema.options.map((value) => ({ value, label: t(`logs:campaignStatus.${value}`) })),
      ]}
      onChange={(value) => list.send({ type: 'list.filter', name: 'status', value: value ?? undefined })}
    />
  );
}

/** /dashboard/logs/email: every campaign with its figures, live while sending, and its controls. */
export default function EmailLogScreen() {
  const { t, i18n } = useLogsI18n();
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<CampaignLog>({
        fetchPage: (request, signal) => listCampaigns(call, request, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine, { ordering: '-created_at' });
  const controlMachine = useMemo(
    () => provideCampaignControl({ call, notify, refreshRows: () => list.send({ type: 'list.refresh' }) }),
    [call, notify, list],
  );
  const control = useActorRef(controlMachine);
  const rows = useSelector(list, selectResults<CampaignLog>);
  useEffect(() => {
    control.send({
      type: 'campaigns.watch',
      campaigns: rows.map(({ id, status, scheduled_at }) => ({ id, status, scheduled_at })),
    });
  }, [control, rows]);
  const live = useSelector(control, selectLive);
  const updating = useSelector(control, selectIsLive);
  const number = (value: number) => formatNumber(value, i18n.language);
  const current = (campaign: CampaignLog) => withLive(campaign, live[campaign.id]);

  const columns: ListColumn<CampaignLog>[] = [
    {
      headerKey: 'logs:columns.subject',
      render: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={paths.dashboard.logs.emailEntry(row.id)} dir="auto">
            <CampaignTitle campaign={row} />
          </Anchor>
          <Text size="xs" dir="ltr" ta="start">
            {row.from_email}
          </Text>
        </Stack>
      ),
    },
    { headerKey: 'logs:columns.recipients', render: (row) => number(row.recipients_count) },
    {
      headerKey: 'logs:columns.campaignStatus',
      render: (row) => {
        const campaign = current(row);
        return (
          <Stack gap={2} align="flex-start">
            <CampaignStatusBadge status={campaign.status} />
            {campaign.status === 'sending' ? (
              <Text size="xs">
                {t('logs:list.progress', {
                  done: number(processed(campaign)),
                  total: number(campaign.recipients_count),
                })}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    { headerKey: 'logs:columns.sent', render: (row) => number(current(row).counts.sent) },
    { headerKey: 'logs:columns.failed', render: (row) => number(current(row).counts.failed) },
    { headerKey: 'logs:columns.blockedCount', render: (row) => number(current(row).counts.blocked) },
    { headerKey: 'logs:columns.opened', render: (row) => number(row.counts.opened) },
    {
      headerKey: 'logs:columns.time',
      sortField: 'created_at',
      render: (row) => (
        <Stack gap={2}>
          <span>{formatTime(campaignTime(current(row)), i18n.language)}</span>
          {/* The server was down when the campaign was due: say it started late, and by how much. */}
          {row.late_seconds ? (
            <Text size="xs">
              {t('logs:list.late', { minutes: number(Math.ceil(row.late_seconds / 60)) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.emailLog')}</Title>
      <Text>{t('logs:list.intro')}</Text>
      <Group justify="space-between" align="flex-end">
        <StatusFilter list={list} />
        {updating ? (
          <Text size="sm" role="status">
            {t('logs:list.live')}
          </Text>
        ) : null}
      </Group>
      <ListTable<CampaignLog>
        actor={list}
        columns={columns}
        actions={(row) => <CampaignActions control={control} campaign={current(row)} />}
      />
      <CancelCampaignModal
        control={control}
        subjectOf={(id) => {
          const row = rows.find((item) => item.id === id);
          return row ? campaignLabel(row) : '';
        }}
      />
    </Stack>
  );
}
