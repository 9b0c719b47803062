import { Alert, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderDetail } from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideOrder } from '../../app/wiring/payments.wiring.ts';
import type { OrderActorRef } from '../../machines/payments/order.machine.ts';
import { formatCount, formatMoney } from '../financial/format.ts';
import { OrderStatusBadge } from '../financial/order-status-badge.tsx';
import { BankTransferPanel } from '../financial/bank-transfer-panel.tsx';
import { ReceiptPanel } from '../financial/receipt-panel.tsx';
import { usePaymentsTexts } from '../financial/payments-namespace.ts';

function OrderFacts({ order }: { order: OrderDetail }) {
  const { t, i18n } = usePaymentsTexts();
  const rows: Array<[string, React.ReactNode]> = [
    ['payments:result.order', <span dir="ltr">{order.invoice_number ?? order.id.slice(0, 8)}</span>],
    ['payments:result.credits', formatCount(order.credits, i18n.language)],
    ['payments:result.amount', formatMoney(order.amount, order.currency, i18n.language)],
    ['payments:result.balance', formatCount(order.balance, i18n.language)],
  ];
  return (
    <Table withTableBorder variant="vertical" maw={420}>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row">{t(key)}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The heading says what the order is, whatever the provider's redirect URL claims: an unpaid
 * transfer under /payment/success is not a success, nor a paid order under /payment/failed.
 */
function titleKeyOf(status: OrderDetail['status'] | undefined): string {
  if (status === undefined) return 'payment.checking.title';
  if (status === 'paid') return 'payment.success.title';
  if (status === 'pending' || status === 'refunded') return `payment.${status}.title`;
  return 'payment.failed.title';
}

function ResultTitle({ titleKey }: { titleKey: string }) {
  const { t } = usePaymentsTexts();
  return (
    <Title order={1} ta="center">
      {t(titleKey)}
    </Title>
  );
}

function OrderResult({ orderId }: { orderId: string }) {
  const { t, i18n } = usePaymentsTexts();
  const { call, notify, auth } = useAppServices();
  const machine = useMemo(
    () => provideOrder({ call, notify, orderChanged: () => auth.send({ type: 'auth.statusChanged' }) }),
    [call, notify, auth],
  );
  const actor: OrderActorRef = useActorRef(machine, { input: { orderId } });
  const snapshot = useSelector(actor, (state) => state);
  const order = snapshot.context.order;
  const reload = useCallback(() => actor.send({ type: 'order.reload' }), [actor]);
  const payerId = auth.getSnapshot().context.user?.id;
  if (snapshot.matches('loadFailed')) {
    const signIn = snapshot.context.errorKey === 'errors.unauthorized';
    return (
      <>
        <ResultTitle titleKey={titleKeyOf(undefined)} />
        <Alert color="red" variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{t(signIn ? 'payments:result.signIn' : 'payments:result.loadFailed')}</Text>
            {signIn ? (
              <Button component={Link} to={paths.auth.login} size="xs">
                {t('payments:result.signInButton')}
              </Button>
            ) : (
              <Button size="xs" onClick={() => actor.send({ type: 'order.retry' })}>
                {t('payments:result.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </>
    );
  }
  if (!order) {
    return (
      <>
        <ResultTitle titleKey={titleKeyOf(undefined)} />
        <Center py="lg" role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      </>
    );
  }
  const message = snapshot.matches('paid')
    ? t('payments:result.paid', { credits: formatCount(order.credits, i18n.language) })
    : snapshot.matches('refunded')
      ? t('payments:result.refunded')
      : snapshot.matches('closed')
        ? t('payments:result.closed', { status: t(`payments:status.${order.status}`) })
        : t('payments:result.pending');
  return (
    <Stack gap="md" align="center" w="100%">
      <ResultTitle titleKey={titleKeyOf(order.status)} />
      <OrderStatusBadge status={order.status} />
      <Text ta="center" role="status" aria-live="polite">
        {message}
      </Text>
      <OrderFacts order={order} />
      {order.status === 'pending' ? (
        <Group>
          {!snapshot.hasTag('busy') ? <Loader size="xs" aria-hidden /> : null}
          <Button
            variant="default"
            loading={snapshot.context.acting === 'cancel'}
            onClick={() => actor.send({ type: 'order.cancel' })}
          >
            {t('payments:result.cancel')}
          </Button>
        </Group>
      ) : null}
      {order.bank_transfer ? <BankTransferPanel transfer={order.bank_transfer} /> : null}
      {order.status === 'pending' && order.provider === 'manual' ? (
        <ReceiptPanel order={order} canAttach={order.user_id === payerId} onAttached={reload} />
      ) : null}
    </Stack>
  );
}

/**
 * /payment/success and /payment/failed (issue 19). The outcome in the URL names the page only
 * when there is no order; otherwise title and text come from the order the server answers,
 * polled until it is settled (issue 37).
 */
export default function PaymentResultScreen({ outcome }: { outcome: 'success' | 'failed' }) {
  const { t } = usePaymentsTexts();
  const [search] = useSearchParams();
  const orderId = search.get('order') ?? '';
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={560} w="100%">
        {orderId ? (
          <OrderResult orderId={orderId} />
        ) : (
          <>
            {/* No order to read: only then does the redirect's outcome name the page. */}
            <ResultTitle titleKey={`payment.${outcome}.title`} />
            <Text ta="center">{t('payments:result.noOrder')}</Text>
          </>
        )}
        <Group>
          <Button component={Link} to={paths.dashboard.financial.orders} variant="light">
            {t('payments:result.orders')}
          </Button>
          <Button component={Link} to={paths.dashboard.home}>
            {t('common.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
