import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { MessageLog } from '../../../contract/logs.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { ListTable, useListActor } from '../../components/list/index.ts';
import { csvExportMachine } from '../../machines/csv-export.machine.ts';
import { provideList } from '../../machines/list.machine.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import { selectLive } from '../../machines/logs/campaign-control.machine.ts';
import { provideCampaignControl } from '../../app/wiring/logs.wiring.ts';
import * as entry from '../../machines/logs/campaign-entry.machine.ts';
import {
  downloadMessages,
  getCampaign,
  getLinks,
  getTimeline,
  listMessages,
} from '../../services/logs.service.ts';
import { saveBlob } from '../../services/mailbox.service.ts';
import { CampaignActions, CancelCampaignModal } from './campaign-actions.tsx';
import { BounceReport } from './bounce-report.tsx';
import { CampaignCharts } from './campaign-charts.tsx';
import { EntrySummary } from './entry-summary.tsx';
import { LinkReport } from './link-report.tsx';
import { ReuseCampaignButton } from './reuse-campaign.tsx';
import { CampaignTitle, campaignLabel } from './campaign-title.tsx';
import { withLive } from './format.tsx';
import { MessageFilters, messageColumns } from './message-table.tsx';
import { useLogsI18n } from './use-logs-i18n.ts';

function BackLink() {
  const { t } = useLogsI18n();
  return (
    <Anchor component={Link} to={paths.dashboard.logs.email}>
      {t('logs:detail.back')}
    </Anchor>
  );
}

/**
 * /dashboard/logs/email/{id}. Keyed by the id: going from one entry to another (a link from the
 * overview, the back button) starts the screen's actors afresh instead of showing the old campaign.
 */
export default function EmailLogEntryRoute() {
  const { id = '' } = useParams();
  return <EmailLogEntryScreen key={id} id={id} />;
}

/** One campaign, its figures and charts, one row per recipient. */
function EmailLogEntryScreen({ id }: { id: string }) {
  const { t, i18n } = useLogsI18n();
  const { call, notify, connection } = useAppServices();
  const entryMachine = useMemo(
    () =>
      entry.campaignEntryMachine.provide({
        actors: {
          loadEntry: fromPromise(async ({ input, signal }) => {
            const [campaign, timeline, links] = await Promise.all([
              getCampaign(call, input.id, signal),
              getTimeline(call, input.id, signal),
              getLinks(call, input.id, signal),
            ]);
            return { campaign, timeline, links };
          }),
        },
      }),
    [call],
  );
  const page = useActorRef(entryMachine, { input: { id } });
  const listMachine = useMemo(
    () => provideList<MessageLog>({ fetchPage: listMessages(call, id), notify }),
    [call, notify, id],
  );
  const list = useListActor(listMachine, { ordering: 'seq' });
  const controlMachine = useMemo(
    () =>
      provideCampaignControl({
        call,
        notify,
        refreshRows: () => {
          page.send({ type: 'entry.reload' });
          list.send({ type: 'list.refresh' });
        },
      }),
    [call, notify, page, list],
  );
  const control = useActorRef(controlMachine);
  const loaded = useSelector(page, entry.selectEntry);
  const notFound = useSelector(page, entry.selectIsNotFound);
  const failed = useSelector(page, entry.selectIsFailed);
  const errorKey = useSelector(page, entry.selectErrorKey);
  const live = useSelector(control, selectLive);
  const campaign = loaded?.campaign;
  useEffect(() => {
    if (campaign)
      control.send({
        type: 'campaigns.watch',
        campaigns: [{ id: campaign.id, status: campaign.status, scheduled_at: campaign.scheduled_at }],
      });
  }, [control, campaign]);

  // Read when an export starts, so the exporters are made once: the campaign's name (else its
  // subject) names the file and the interface language the header.
  const exporters = useMemo(() => {
    const exporter = (format: 'csv' | 'xlsx') =>
      csvExportMachine.provide({
        actors: {
          exportRows: fromPromise(async ({ input, signal }) =>
            downloadMessages(
              await connection(),
              {
                id,
                name: page.getSnapshot().context.entry?.campaign.name ?? null,
                subject: page.getSnapshot().context.entry?.campaign.subject ?? '',
              },
              input,
              { format, language: i18n.language === 'en' ? 'en' : 'ar' },
              signal,
            ),
          ),
        },
        actions: {
          notify: (_, notice) => notify(notice),
          saveFile: (_, file) => saveBlob(file.blob, file.fileName),
        },
      });
    return { csv: exporter('csv'), xlsx: exporter('xlsx') };
  }, [connection, id, page, i18n, notify]);
  const csv = useActorRef(exporters.csv);
  const xlsx = useActorRef(exporters.xlsx);
  const csvBusy = useSelector(csv, (snapshot) => snapshot.hasTag('busy'));
  const xlsxBusy = useSelector(xlsx, (snapshot) => snapshot.hasTag('busy'));

  if (notFound) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Title order={1}>{t('logs:detail.notFoundTitle')}</Title>
        <Text>{t('logs:detail.notFound')}</Text>
      </Stack>
    );
  }
  if (!campaign) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Title order={1}>{t('pages.emailLogEntry')}</Title>
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text>{t(errorKey ?? 'errors.unexpected')}</Text>
              <Button size="xs" onClick={() => page.send({ type: 'entry.retry' })}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Center py="xl" role="status" aria-label={t('common.loading')}>
            <Loader />
          </Center>
        )}
      </Stack>
    );
  }

  const current = { ...withLive(campaign, live[campaign.id]), survey: campaign.survey };
  const startExport = (actor: typeof csv) =>
    actor.send({ type: 'export.start', request: selectQuery(list.getSnapshot()) });
  return (
    <Stack gap="lg">
      <BackLink />
      <Title order={1} dir="auto">
        <CampaignTitle campaign={campaign} chipSize="lg" />
      </Title>
      <EntrySummary campaign={current} />
      <Group>
        <CampaignActions control={control} campaign={current} />
        <ReuseCampaignButton campaign={campaign} />
        <Button variant="light" loading={csvBusy} onClick={() => startExport(csv)}>
          {t('logs:detail.exportCsv')}
        </Button>
        <Button variant="light" loading={xlsxBusy} onClick={() => startExport(xlsx)}>
          {t('logs:detail.exportXlsx')}
        </Button>
      </Group>
      <CampaignCharts timeline={loaded.timeline} />
      <BounceReport bounces={campaign.bounces} />
      <LinkReport links={loaded.links} />
      <Title order={2}>{t('logs:detail.recipientsHeading')}</Title>
      <MessageFilters list={list} survey={campaign.survey} />
      <ListTable<MessageLog> actor={list} columns={messageColumns(t, i18n.language)} />
      <CancelCampaignModal control={control} subjectOf={() => campaignLabel(campaign)} />
    </Stack>
  );
}
