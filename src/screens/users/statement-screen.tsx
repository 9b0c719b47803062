import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { BalanceEntry } from '../../../contract/credits.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ListTable, useListActor } from '../../components/list/index.ts';
import arUsers from '../../i18n/locales/ar/users.json';
import enUsers from '../../i18n/locales/en/users.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { provideList } from '../../machines/list.machine.ts';
import { listStatement } from '../../services/users.service.ts';
import { KindFilter, movementColumns } from './credit-list.tsx';

/** Financial -> account statements: the signed-in user's own charges, refunds and top-ups. */
export default function StatementScreen() {
  const { t, i18n } = useNamespace('users', { ar: arUsers, en: enUsers });
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<BalanceEntry>({
        fetchPage: (request, signal) => listStatement(call, request, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine, { ordering: '-created_at' });
  return (
    <Stack gap="lg">
      <Title order={1}>{t('users:statement.title')}</Title>
      <Text>{t('users:statement.intro')}</Text>
      <KindFilter actor={list} t={t} />
      <ListTable<BalanceEntry> actor={list} columns={movementColumns(t, i18n.language)} />
    </Stack>
  );
}
