import { Button, Group, Stack, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { BalanceEntry } from '../../../contract/credits.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import arUsers from '../../i18n/locales/ar/users.json';
import enUsers from '../../i18n/locales/en/users.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { toCsv } from '../../lib/csv.ts';
import { csvExportMachine } from '../../machines/csv-export.machine.ts';
import { provideList } from '../../machines/list.machine.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import { saveBlob } from '../../services/mailbox.service.ts';
import { fetchAllEntries, listBalanceLog } from '../../services/users.service.ts';
import { KindFilter, movementCells, movementColumns } from './credit-list.tsx';

/** Administrators: every credit movement of every user (spec §2 /dashboard/users/amount). */
export default function BalanceLogScreen() {
  const { t, i18n } = useNamespace('users', { ar: arUsers, en: enUsers });
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<BalanceEntry>({
        fetchPage: (request, signal) => listBalanceLog(call, request, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine, { ordering: '-created_at' });
  const exportMachine = useMemo(
    () =>
      csvExportMachine.provide({
        actors: {
          exportRows: fromPromise(async ({ input, signal }) => {
            const rows = await fetchAllEntries(
              (request, s) => listBalanceLog(call, request, s),
              input,
              signal,
            );
            const header = [
              t('users:columns.username'),
              t('users:columns.email'),
              t('users:log.amount'),
              t('users:log.kind'),
              t('users:log.balanceAfter'),
              t('users:log.time'),
              t('users:log.updatedBy'),
              t('users:log.reason'),
            ];
            const csv = toCsv(
              header,
              rows.map((entry) => movementCells(t, entry)),
            );
            return { blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName: 'balance-log.csv' };
          }),
        },
        actions: {
          notify: (_, notice) => notify(notice),
          saveFile: (_, file) => saveBlob(file.blob, file.fileName),
        },
      }),
    [call, notify, t],
  );
  const exporter = useActorRef(exportMachine);
  const exporting = useSelector(exporter, (snapshot) => snapshot.hasTag('busy'));

  const columns: ListColumn<BalanceEntry>[] = [
    {
      headerKey: 'users:columns.username',
      render: (entry) => <span dir="auto">{entry.username ?? t('users:log.deletedUser')}</span>,
    },
    { headerKey: 'users:columns.email', render: (entry) => <span dir="ltr">{entry.email ?? ''}</span> },
    ...movementColumns(t, i18n.language),
    {
      headerKey: 'users:log.updatedBy',
      render: (entry) => <span dir="auto">{entry.updated_by ?? t('users:log.system')}</span>,
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('users:log.title')}</Title>
        <Button
          variant="light"
          loading={exporting}
          onClick={() => exporter.send({ type: 'export.start', request: selectQuery(list.getSnapshot()) })}
        >
          {t('users:log.export')}
        </Button>
      </Group>
      <KindFilter actor={list} t={t} />
      <ListTable<BalanceEntry> actor={list} columns={columns} />
    </Stack>
  );
}
