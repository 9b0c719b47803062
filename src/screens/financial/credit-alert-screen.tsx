import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { paymentEndpoints, type CreditAlertUser } from '../../../contract/payments.contract.ts';
import { userEndpoints } from '../../../contract/users.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { provideList } from '../../machines/list.machine.ts';
import { formatCount } from './format.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

type BelowRow = CreditAlertUser;

/** Administrators: who is below their threshold now, lowest balance first. */
function UsersBelow() {
  const { t, i18n } = usePaymentsTexts();
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<BelowRow>({
        fetchPage: (_request, signal) => call(paymentEndpoints.creditAlerts, {}, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine);
  const columns: ListColumn<BelowRow>[] = [
    { headerKey: 'payments:orders.columns.user', render: (row) => <span dir="auto">{row.username}</span> },
    { headerKey: 'payments:result.balance', render: (row) => formatCount(row.balance, i18n.language) },
    { headerKey: 'payments:alert.threshold', render: (row) => formatCount(row.threshold, i18n.language) },
  ];
  return (
    <Stack gap="xs">
      <Title order={2}>{t('payments:alert.below')}</Title>
      <ListTable<BelowRow> actor={list} columns={columns} />
    </Stack>
  );
}

/** Services -> Credit alert: the threshold below which the user gets one e-mail and a banner. */
export default function CreditAlertScreen() {
  const { t } = usePaymentsTexts();
  const { call, auth } = useAppServices();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const [threshold, setThreshold] = useState<number>(user?.credit_alert_threshold ?? 0);
  const { submit, busy, fieldErrors } = useSubmit<number, unknown>({
    successKey: 'payments:alert.saved',
    save: (value) => call(userEndpoints.updateProfile, { body: { credit_alert_threshold: value } }),
    saved: () => auth.send({ type: 'auth.statusChanged' }),
  });
  return (
    <Stack gap="lg">
      <Title order={1}>{t('payments:alert.title')}</Title>
      <Text>{t('payments:alert.intro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(threshold);
        }}
      >
        <Group align="flex-end">
          <NumberInput
            label={t('payments:alert.threshold')}
            description={t('payments:alert.off')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={threshold}
            error={fieldErrors.credit_alert_threshold ? t(fieldErrors.credit_alert_threshold) : undefined}
            onChange={(value) => setThreshold(Number(value) || 0)}
            maw={280}
          />
          <Button type="submit" loading={busy}>
            {t('payments:alert.save')}
          </Button>
        </Group>
      </form>
      {user?.role === 'admin' ? <UsersBelow /> : null}
    </Stack>
  );
}
