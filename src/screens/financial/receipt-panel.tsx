import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { RECEIPT_TYPES, type Order } from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { provideReceipt } from '../../app/wiring/payments.wiring.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

/**
 * A bank-transfer order's receipt: the payer attaches one while the order is pending; the payer
 * and administrators open the one attached.
 */
export function ReceiptPanel({
  order,
  canAttach,
  onAttached,
}: {
  order: Order;
  canAttach: boolean;
  onAttached: (order: Order) => void;
}) {
  const { t } = usePaymentsTexts();
  const { call, notify, connection } = useAppServices();
  const machine = useMemo(
    () => provideReceipt({ call, connection, notify, attached: onAttached }),
    [call, connection, notify, onAttached],
  );
  const actor = useActorRef(machine, { input: { orderId: order.id } });
  const file = useSelector(actor, (snapshot) => snapshot.context.file);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const attaching = useSelector(actor, (snapshot) => snapshot.matches('attaching'));
  const opening = useSelector(actor, (snapshot) => snapshot.matches('opening'));
  const busy = attaching || opening;
  return (
    <Stack gap="xs">
      <Text fw={700}>{t('payments:receipt.title')}</Text>
      <Text size="sm">
        {t(order.receipt_upload_id ? 'payments:receipt.present' : 'payments:receipt.none')}
      </Text>
      {order.receipt_upload_id ? (
        <Group>
          <Button
            variant="light"
            loading={opening}
            disabled={busy}
            onClick={() => actor.send({ type: 'receipt.open' })}
          >
            {t('payments:receipt.open')}
          </Button>
        </Group>
      ) : null}
      {canAttach ? (
        <Group align="flex-end">
          <FileInput
            label={t('payments:receipt.choose')}
            description={t('payments:receipt.hint')}
            accept={RECEIPT_TYPES.join(',')}
            clearable
            // The machine forgets a refused file; the input shows what the machine kept.
            value={file instanceof File ? file : null}
            error={problem ? t(problem) : undefined}
            onChange={(chosen) => actor.send({ type: 'receipt.choose', file: chosen })}
          />
          <Button
            loading={attaching}
            disabled={busy || !file}
            onClick={() => actor.send({ type: 'receipt.attach' })}
          >
            {t('payments:receipt.attach')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
