import { Anchor, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideOrder } from '../../app/wiring/payments.wiring.ts';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';
import { formatCount, formatDateTime, formatMoney } from './format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { ReceiptPanel } from './receipt-panel.tsx';
import { usePaymentsTexts } from './payments-namespace.ts';

/** One order, followed by the order machine; administrators settle or refund it from here. */
export function OrderDialog({
  orderId,
  isAdmin,
  onClose,
  onChanged,
}: {
  orderId: string;
  isAdmin: boolean;
  onClose: () => void;
  onChanged: (order: Order) => void;
}) {
  const { t, i18n } = usePaymentsTexts();
  const { call, notify, auth } = useAppServices();
  const machine = useMemo(
    () => provideOrder({ call, notify, orderChanged: onChanged }),
    [call, notify, onChanged],
  );
  const actor = useActorRef(machine, { input: { orderId } });
  const snapshot = useSelector(actor, (state) => state);
  const [reason, setReason] = useState('');
  const userId = auth.getSnapshot().context.user?.id;
  const reload = useCallback(() => actor.send({ type: 'order.reload' }), [actor]);
  const { order, acting } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('payments:orders.dialog', { id: orderId.slice(0, 8) })}
      centered
      size="lg"
    >
      {snapshot.matches('loadFailed') ? (
        <ErrorWithRetry
          errorKey={snapshot.context.errorKey}
          onRetry={() => actor.send({ type: 'order.retry' })}
        />
      ) : null}
      {!order ? (
        snapshot.matches('loading') ? (
          <LoadingBlock />
        ) : null
      ) : (
        <Stack gap="md">
          <Group>
            <OrderStatusBadge status={order.status} />
            <Text>{t(`payments:providers.${order.provider}`)}</Text>
          </Group>
          <Table withTableBorder variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('payments:orders.columns.user')}</Table.Th>
                <Table.Td dir="auto">{order.username ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('payments:orders.columns.created')}</Table.Th>
                <Table.Td>{formatDateTime(order.created_at, i18n.language)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('payments:orders.columns.credits')}</Table.Th>
                <Table.Td>{formatCount(order.credits, i18n.language)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('payments:orders.columns.amount')}</Table.Th>
                <Table.Td>{formatMoney(order.amount, order.currency, i18n.language)}</Table.Td>
              </Table.Tr>
              {order.reason ? (
                <Table.Tr>
                  <Table.Th scope="row">{t('payments:orders.reason')}</Table.Th>
                  <Table.Td dir="auto">{order.reason}</Table.Td>
                </Table.Tr>
              ) : null}
              {order.refunded_credits !== null ? (
                <Table.Tr>
                  <Table.Th scope="row">{t('payments:orders.refundedCredits')}</Table.Th>
                  <Table.Td>{formatCount(order.refunded_credits, i18n.language)}</Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          {order.provider === 'manual' ? (
            <ReceiptPanel
              order={order}
              canAttach={snapshot.matches('pending') && order.user_id === userId}
              onAttached={reload}
            />
          ) : null}
          {order.invoice_number !== null ? (
            <Anchor component={Link} to={paths.dashboard.financial.invoice(order.id)}>
              {t('payments:result.invoice')} #{order.invoice_number}
            </Anchor>
          ) : null}
          {snapshot.matches('pending') && isAdmin && order.provider === 'manual' ? (
            <Stack gap="xs">
              <Textarea
                label={t('payments:orders.rejectReason')}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                rows={2}
              />
              <Group>
                <Button
                  loading={acting === 'markPaid'}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'order.markPaid' })}
                >
                  {t('payments:orders.markPaid')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  loading={acting === 'reject'}
                  disabled={busy || reason.trim() === ''}
                  onClick={() => actor.send({ type: 'order.reject', reason })}
                >
                  {t('payments:orders.reject')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {snapshot.matches('pending') && !isAdmin ? (
            <Group>
              <Button
                variant="default"
                loading={acting === 'cancel'}
                disabled={busy}
                onClick={() => actor.send({ type: 'order.cancel' })}
              >
                {t('payments:result.cancel')}
              </Button>
            </Group>
          ) : null}
          {snapshot.matches('paid') && isAdmin ? (
            <Group>
              <Button
                color="red"
                variant="light"
                loading={acting === 'refund'}
                disabled={busy}
                onClick={() => actor.send({ type: 'order.refund' })}
              >
                {t('payments:orders.refund')}
              </Button>
            </Group>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('payments:orders.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
