import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../contract/payments.contract.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

const colors: Record<OrderStatus, string> = {
  pending: 'blue.9',
  paid: 'green.9',
  failed: 'red.9',
  expired: 'gray.8',
  cancelled: 'gray.8',
  refunded: 'violet.9',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = usePaymentsTexts();
  return (
    <Badge variant="outline" color={colors[status]}>
      {t(`payments:status.${status}`)}
    </Badge>
  );
}
