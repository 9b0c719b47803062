import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  STATEMENT_TYPES,
  type StatementEntry,
  type StatementExportFormat,
  type StatementSummary,
} from '../../../contract/credits.contract.ts';
import { ledgerReasonText } from '../../../contract/ledger-reasons.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideStatement } from '../../app/wiring/payments.wiring.ts';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';
import arUsers from '../../i18n/locales/ar/users.json';
import enUsers from '../../i18n/locales/en/users.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { csvExportMachine } from '../../machines/csv-export.machine.ts';
import { provideList } from '../../machines/list.machine.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import type { StatementActorRef } from '../../machines/payments/statement.machine.ts';
import { saveBlob } from '../../services/mailbox.service.ts';
import { downloadStatement, listStatementLines } from '../../services/statement.service.ts';
import { formatAmount, formatTime } from './credit-list.tsx';
import { formatNumber } from '../../lib/format-number.ts';

function statementColumns(t: TFunction, language: string): ListColumn<StatementEntry>[] {
  return [
    {
      headerKey: 'users:statement.columns.created_at',
      sortField: 'created_at',
      render: (line) => formatTime(line.created_at, language),
    },
    { headerKey: 'users:statement.columns.type', render: (line) => t(`users:statement.types.${line.type}`) },
    {
      headerKey: 'users:statement.columns.amount',
      sortField: 'amount',
      render: (line) => <span dir="ltr">{formatAmount(line.amount, language)}</span>,
    },
    {
      headerKey: 'users:statement.columns.running_balance',
      render: (line) => formatNumber(line.running_balance, language),
    },
    {
      headerKey: 'users:statement.columns.reason',
      render: (line) => <span dir="auto">{ledgerReasonText(line.reason, (key) => t(key))}</span>,
    },
  ];
}

function Filters({ actor, t }: { actor: StatementActorRef; t: TFunction }) {
  const days = useSelector(actor, (snapshot) => snapshot.context.days);
  const type = useSelector(actor, (snapshot) => snapshot.context.filters.type ?? '');
  const rangeInvalid = useSelector(actor, (snapshot) => snapshot.context.rangeInvalid);
  return (
    <Group align="flex-start">
      <Select
        label={t('users:statement.typeFilter')}
        maw={240}
        allowDeselect={false}
        value={type}
        data={[
          { value: '', label: t('users:statement.types.all') },
          ...STATEMENT_TYPES.map((value) => ({ value, label: t(`users:statement.types.${value}`) })),
        ]}
        onChange={(value) => actor.send({ type: 'statement.type', value: value ?? '' })}
      />
      <TextInput
        type="date"
        label={t('users:statement.from')}
        value={days.from}
        onChange={(event) =>
          actor.send({ type: 'statement.range', from: event.currentTarget.value, to: days.to })
        }
      />
      <TextInput
        type="date"
        label={t('users:statement.to')}
        value={days.to}
        error={rangeInvalid ? t('users:statement.rangeInvalid') : undefined}
        onChange={(event) =>
          actor.send({ type: 'statement.range', from: days.from, to: event.currentTarget.value })
        }
      />
    </Group>
  );
}

function Totals({ summary, t, language }: { summary: StatementSummary; t: TFunction; language: string }) {
  const rows: [string, number][] = [
    ['openingBalance', summary.opening_balance],
    ['creditsIn', summary.credits_in],
    ['creditsOut', summary.credits_out],
    ['net', summary.net],
    ['closingBalance', summary.closing_balance],
  ];
  return (
    <Table withTableBorder variant="vertical" maw={420} aria-label={t('users:statement.totalsLabel')}>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row">{t(`users:statement.totals.${key}`)}</Table.Th>
            <Table.Td>
              <span dir="ltr">
                {key === 'net' ? formatAmount(value, language) : formatNumber(value, language)}
              </span>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The account statement of `userId` (null: the signed-in user's own): filters, totals of the
 * filtered period, the lines with their running balance, and the export of what is shown.
 */
export function StatementView({ userId }: { userId: string | null }) {
  const { t, i18n } = useNamespace('users', { ar: arUsers, en: enUsers });
  const { call, notify, connection } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<StatementEntry>({
        fetchPage: (request, signal) => listStatementLines(call, userId, request, signal),
        notify,
      }),
    [call, notify, userId],
  );
  const list = useListActor(listMachine, { ordering: '-created_at' });
  const statementMachine = useMemo(
    () =>
      provideStatement({
        call,
        applyFilters: (filters) => {
          for (const name of ['type', 'from', 'to'] as const)
            list.send({ type: 'list.filter', name, value: filters[name] });
        },
      }),
    [call, list],
  );
  const statement = useActorRef(statementMachine, { input: { userId } });
  const summary = useSelector(statement, (snapshot) => snapshot.context.summary);
  const failed = useSelector(statement, (snapshot) => snapshot.matches('failed'));
  const errorKey = useSelector(statement, (snapshot) => snapshot.context.errorKey);

  // The language is read when an export starts: the file's headings follow the screen's.
  const exporters = useMemo(() => {
    const exporter = (format: StatementExportFormat) =>
      csvExportMachine.provide({
        actors: {
          exportRows: fromPromise(async ({ input, signal }) =>
            downloadStatement(
              await connection(),
              userId,
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
  }, [connection, userId, i18n, notify]);
  const csv = useActorRef(exporters.csv);
  const xlsx = useActorRef(exporters.xlsx);
  const csvBusy = useSelector(csv, (snapshot) => snapshot.hasTag('busy'));
  const xlsxBusy = useSelector(xlsx, (snapshot) => snapshot.hasTag('busy'));
  const startExport = (actor: typeof csv) =>
    actor.send({ type: 'export.start', request: selectQuery(list.getSnapshot()) });

  const language = i18n.language;
  const name = summary?.user.username ?? t('users:log.deletedUser');
  return (
    <Stack gap="lg">
      {userId ? (
        <Anchor component={Link} to={paths.dashboard.users}>
          {t('users:statement.back')}
        </Anchor>
      ) : null}
      <Group justify="space-between">
        <Title order={1} dir="auto">
          {userId && summary ? t('users:statement.titleOf', { name }) : t('users:statement.title')}
        </Title>
        <Group>
          <Button variant="light" loading={csvBusy} onClick={() => startExport(csv)}>
            {t('users:statement.exportCsv')}
          </Button>
          <Button variant="light" loading={xlsxBusy} onClick={() => startExport(xlsx)}>
            {t('users:statement.exportXlsx')}
          </Button>
        </Group>
      </Group>
      <Text>{t(userId ? 'users:statement.introOf' : 'users:statement.intro')}</Text>
      {summary ? (
        <Text fw={700}>
          {t('users:statement.balanceNow', { balance: formatNumber(summary.user.balance, language) })}
        </Text>
      ) : null}
      <Filters actor={statement} t={t} />
      {failed ? (
        <ErrorWithRetry errorKey={errorKey} onRetry={() => statement.send({ type: 'statement.retry' })} />
      ) : summary ? (
        <Totals summary={summary} t={t} language={language} />
      ) : (
        <LoadingBlock />
      )}
      <ListTable<StatementEntry> actor={list} columns={statementColumns(t, language)} />
    </Stack>
  );
}
