import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { BOUNCE_REASONS } from '../../../contract/bounce-reasons.contract.ts';
import {
  SUPPRESSION_REASONS,
  type InboundReport,
  type Suppression,
} from '../../../contract/suppressions.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import {
  provideAddSuppressions,
  provideInboundReports,
  provideReleaseSuppressions,
  provideSuppressionExport,
  provideSuppressionList,
} from '../../app/wiring/suppressions.wiring.ts';
import { ListDeleteModal, ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import logsAr from '../../i18n/locales/ar/logs.json';
import ar from '../../i18n/locales/ar/suppressions.json';
import logsEn from '../../i18n/locales/en/logs.json';
import en from '../../i18n/locales/en/suppressions.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { selectUser } from '../../machines/auth.machine.ts';
import type { ListActorRef } from '../../machines/list.machine.ts';
import {
  selectCount,
  selectPendingDelete,
  selectQuery,
  selectResults,
} from '../../machines/list.selectors.ts';
import {
  selectIsOpen,
  selectIsSubmitting,
  type AddSuppressionsActorRef,
} from '../../machines/suppressions/add-suppressions.machine.ts';
import {
  selectIsConfirmingRelease,
  selectIsReleasing,
  selectReleaseProblem,
  selectReleased,
  type ReleaseSuppressionsActorRef,
} from '../../machines/suppressions/release-suppressions.machine.ts';

/** The bounce reason (the e-mail log's translated names) and the source campaign filters. */
function BounceFilters({ list }: { list: ListActorRef }) {
  const { t } = useNamespace('suppressions', { ar, en });
  useNamespace('logs', { ar: logsAr, en: logsEn });
  const filters = useSelector(list, (snapshot) => selectQuery(snapshot).filters);
  const rows = useSelector(list, selectResults<Suppression>);
  const campaignId = filters.campaign_id;
  // Filtered by campaign, every row shown is from it: its subject names the filter.
  const subject = rows.find((row) => row.campaign_id === campaignId)?.campaign_subject;
  return (
    <>
      <Select
        label={t('suppressions:bounceReasonFilter')}
        maw={320}
        allowDeselect={false}
        searchable
        value={filters.bounce_reason ?? ''}
        data={[
          { value: '', label: t('suppressions:allBounceReasons') },
          ...BOUNCE_REASONS.map((value) => ({ value, label: t(`logs:bounceReason.${value}`) })),
        ]}
        onChange={(value) =>
          list.send({ type: 'list.filter', name: 'bounce_reason', value: value ?? undefined })
        }
      />
      {campaignId ? (
        <Group gap="sm" align="center">
          <Text size="sm" dir="auto">
            {subject
              ? t('suppressions:campaignFilter', { subject })
              : t('suppressions:campaignFilterUnknown')}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => list.send({ type: 'list.filter', name: 'campaign_id', value: undefined })}
          >
            {t('suppressions:allCampaigns')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}

/**
 * "Release all matching", offered once a bounce reason or a campaign narrows the list (the server
 * refuses a release without one): the dialog says how many and what stays.
 */
function ReleaseAll({ list, actor }: { list: ListActorRef; actor: ReleaseSuppressionsActorRef }) {
  const { t, i18n } = useNamespace('suppressions', { ar, en });
  const filters = useSelector(list, (snapshot) => selectQuery(snapshot).filters);
  const count = useSelector(list, selectCount);
  const opened = useSelector(actor, selectIsConfirmingRelease);
  const releasing = useSelector(actor, selectIsReleasing);
  const released = useSelector(actor, selectReleased);
  const problem = useSelector(actor, selectReleaseProblem);
  const narrowed = Boolean(filters.bounce_reason || filters.campaign_id);
  return (
    <>
      {released !== null ? (
        <Alert color="green" variant="light" role="status">
          {t('suppressions:release.done', { count: formatNumber(released, i18n.language) })}
        </Alert>
      ) : null}
      {narrowed ? (
        <Group gap="sm">
          <Button
            color="orange"
            variant="light"
            disabled={count === 0}
            onClick={() => actor.send({ type: 'release.request', request: selectQuery(list.getSnapshot()) })}
          >
            {t('suppressions:release.open')}
          </Button>
          <Text size="sm">{t('suppressions:release.hint')}</Text>
        </Group>
      ) : null}
      <Modal
        opened={opened}
        onClose={() => actor.send({ type: 'release.cancel' })}
        title={t('suppressions:release.title')}
        closeButtonProps={{ 'aria-label': t('suppressions:release.cancel') }}
        centered
      >
        <Stack>
          <Text>{t('suppressions:release.message', { count: formatNumber(count, i18n.language) })}</Text>
          {problem ? (
            <Text c="red.9" role="alert">
              {t(problem)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              data-autofocus
              disabled={releasing}
              onClick={() => actor.send({ type: 'release.cancel' })}
            >
              {t('suppressions:release.cancel')}
            </Button>
            <Button
              color="orange"
              loading={releasing}
              onClick={() => actor.send({ type: 'release.confirm' })}
            >
              {t('suppressions:release.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ReasonFilter({ list }: { list: ListActorRef }) {
  const { t } = useNamespace('suppressions', { ar, en });
  const reason = useSelector(list, (snapshot) => selectQuery(snapshot).filters.reason ?? '');
  return (
    <Select
      label={t('suppressions:reasonFilter')}
      maw={260}
      allowDeselect={false}
      value={reason}
      data={[
        { value: '', label: t('suppressions:allReasons') },
        ...SUPPRESSION_REASONS.map((value) => ({ value, label: t(`suppressions:reasons.${value}`) })),
      ]}
      onChange={(value) => list.send({ type: 'list.filter', name: 'reason', value: value ?? undefined })}
    />
  );
}

function AddModal({ actor }: { actor: AddSuppressionsActorRef }) {
  const { t } = useNamespace('suppressions', { ar, en });
  const opened = useSelector(actor, selectIsOpen);
  const submitting = useSelector(actor, selectIsSubmitting);
  const text = useSelector(actor, (snapshot) => snapshot.context.text);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'add.close' })}
      title={t('suppressions:add.title')}
      // The close button has no text of its own: axe (button-name) and screen readers need one.
      closeButtonProps={{ 'aria-label': t('suppressions:add.cancel') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'add.submit' });
        }}
      >
        <Stack>
          <Textarea
            label={t('suppressions:add.label')}
            description={t('suppressions:add.hint')}
            dir="ltr"
            rows={5}
            data-autofocus
            value={text}
            error={problem ? t(problem.key, { email: problem.email ?? '' }) : undefined}
            onChange={(event) => actor.send({ type: 'add.change', text: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'add.close' })} disabled={submitting}>
              {t('suppressions:add.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('suppressions:add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Administrators: what the inbound receiver kept because it could not apply it (read-only). */
function InboundReports() {
  const { t, i18n } = useNamespace('suppressions', { ar, en });
  const { call, notify } = useAppServices();
  const [machine] = useState(() => provideInboundReports({ call, notify }));
  const list = useListActor(machine);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const columns: ListColumn<InboundReport>[] = [
    { headerKey: 'suppressions:reports.received', render: (item) => date(item.received_at) },
    {
      headerKey: 'suppressions:reports.from',
      render: (item) => <bdi>{item.envelope_from || t('suppressions:reports.nullSender')}</bdi>,
    },
    { headerKey: 'suppressions:reports.to', render: (item) => <bdi>{item.envelope_to.join(', ')}</bdi> },
    { headerKey: 'suppressions:reports.subject', render: (item) => <span dir="auto">{item.subject}</span> },
    {
      headerKey: 'suppressions:reports.kind',
      render: (item) => t(`suppressions:reports.kinds.${item.kind}`),
    },
    {
      headerKey: 'suppressions:reports.problem',
      render: (item) => t(`suppressions:reports.problems.${item.problem}`),
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="inbound-reports">
      <Title order={2} id="inbound-reports">
        {t('suppressions:reports.heading')}
      </Title>
      <Text>{t('suppressions:reports.intro')}</Text>
      <ListTable<InboundReport> actor={list} columns={columns} />
    </Stack>
  );
}

/** /dashboard/logs/suppressions: the addresses the sender's campaigns never mail again (issue 16). */
export default function SuppressionsScreen() {
  const { t, i18n } = useNamespace('suppressions', { ar, en });
  const { call, notify, auth, connection } = useAppServices();
  const isAdmin = useSelector(auth, selectUser)?.role === 'admin';
  const [listMachine] = useState(() => provideSuppressionList({ call, notify }));
  const list = useListActor(listMachine, { ordering: '-created_at' });
  const [addMachine] = useState(() =>
    provideAddSuppressions({ call, notify, refreshList: () => list.send({ type: 'list.refresh' }) }),
  );
  const add = useActorRef(addMachine);
  const [releaseMachine] = useState(() =>
    provideReleaseSuppressions({ call, refreshList: () => list.send({ type: 'list.refresh' }) }),
  );
  const release = useActorRef(releaseMachine);
  // Read when an export starts: the interface language names the columns.
  const languageRef = useRef(i18n.language);
  languageRef.current = i18n.language;
  const exporters = useMemo(() => {
    const language = () => (languageRef.current === 'en' ? 'en' : 'ar') as 'ar' | 'en';
    return {
      csv: provideSuppressionExport({ connection, notify, format: 'csv', language }),
      xlsx: provideSuppressionExport({ connection, notify, format: 'xlsx', language }),
    };
  }, [connection, notify]);
  const csv = useActorRef(exporters.csv);
  const xlsx = useActorRef(exporters.xlsx);
  const csvBusy = useSelector(csv, (snapshot) => snapshot.hasTag('busy'));
  const xlsxBusy = useSelector(xlsx, (snapshot) => snapshot.hasTag('busy'));
  const pending = useSelector(list, selectPendingDelete<Suppression>);
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  const columns: ListColumn<Suppression>[] = [
    {
      headerKey: 'suppressions:columns.email',
      sortField: 'email',
      render: (item) => <span dir="ltr">{item.email}</span>,
    },
    {
      headerKey: 'suppressions:columns.reason',
      sortField: 'reason',
      render: (item) => t(`suppressions:reasons.${item.reason}`),
    },
    {
      headerKey: 'suppressions:columns.campaign',
      // The subject narrows the list to that campaign (the first step of releasing its bounces).
      render: (item) =>
        item.campaign_id && item.campaign_subject ? (
          <Anchor
            component="button"
            type="button"
            dir="auto"
            aria-label={t('suppressions:onlyThisCampaign', { subject: item.campaign_subject })}
            onClick={() => list.send({ type: 'list.filter', name: 'campaign_id', value: item.campaign_id! })}
          >
            {item.campaign_subject}
          </Anchor>
        ) : (
          <span dir="auto">{item.campaign_subject ?? t('suppressions:noCampaign')}</span>
        ),
    },
    {
      headerKey: 'suppressions:columns.created_at',
      sortField: 'created_at',
      render: (item) => date(item.created_at),
    },
    ...(isAdmin
      ? [
          {
            headerKey: 'suppressions:columns.sender',
            render: (item: Suppression) => item.username ?? t('suppressions:everyone'),
          },
        ]
      : []),
  ];
  const startExport = (actor: typeof csv) =>
    actor.send({ type: 'export.start', request: selectQuery(list.getSnapshot()) });
  const complaint = pending?.reason === 'complaint';

  return (
    <Stack gap="lg">
      <Title order={1}>{t('suppressions:title')}</Title>
      <Text>{t(isAdmin ? 'suppressions:introAdmin' : 'suppressions:intro')}</Text>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('suppressions:heading')}</Title>
        <Group>
          <Button onClick={() => add.send({ type: 'add.open' })}>{t('suppressions:add.open')}</Button>
          <Button variant="light" loading={csvBusy} onClick={() => startExport(csv)}>
            {t('suppressions:export.csv')}
          </Button>
          <Button variant="light" loading={xlsxBusy} onClick={() => startExport(xlsx)}>
            {t('suppressions:export.xlsx')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end">
        <ReasonFilter list={list} />
        <BounceFilters list={list} />
      </Group>
      <ReleaseAll list={list} actor={release} />
      <ListTable<Suppression>
        actor={list}
        columns={columns}
        actions={(item) => (
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={t('suppressions:remove.label', { email: item.email })}
            onClick={() => list.send({ type: 'list.delete.request', id: item.id })}
          >
            {t('suppressions:remove.confirm')}
          </Button>
        )}
      />
      {/* Every removal is confirmed; a spam complaint says plainly what mailing that person risks. */}
      <ListDeleteModal<Suppression>
        actor={list}
        nameOf={(item) => item.email}
        {...(complaint
          ? {
              titleKey: 'suppressions:remove.complaintTitle',
              messageKey: 'suppressions:remove.complaintMessage',
            }
          : {})}
        confirmKey="suppressions:remove.confirm"
      />
      <AddModal actor={add} />
      {isAdmin ? <InboundReports /> : null}
    </Stack>
  );
}
