import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ORDER_STATUSES,
  PROVIDERS,
  type Order,
  type OrderTotals,
} from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { ListTable, useListActor, useListSelector, type ListColumn } from '../../components/list/index.ts';
import { provideList } from '../../machines/list.machine.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import { listOrders } from '../../services/payments.service.ts';
import { formatCount, formatDateTime, formatMoney } from './format.ts';
import { OrderDialog } from './order-dialog.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { usePaymentsTexts } from './payments-namespace.ts';

/** Financial -> Orders: a user's own recharge orders; administrators see everyone's and settle them. */
export default function OrdersScreen() {
  const { t, i18n } = usePaymentsTexts();
  const { call, notify, auth } = useAppServices();
  const isAdmin = auth.getSnapshot().context.user?.role === 'admin';
  const [totals, setTotals] = useState<OrderTotals[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const listMachine = useMemo(
    () =>
      provideList<Order>({
        fetchPage: async (request, signal) => {
          const page = await listOrders(call, request, signal);
          setTotals(page.totals);
          return page;
        },
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine);
  const filters = useListSelector(list, (snapshot) => selectQuery(snapshot).filters);
  const changed = useCallback(() => {
    list.send({ type: 'list.refresh' });
    auth.send({ type: 'auth.statusChanged' });
  }, [list, auth]);

  const columns: ListColumn<Order>[] = [
    {
      headerKey: 'payments:orders.columns.created',
      sortField: 'created_at',
      render: (order) => formatDateTime(order.created_at, i18n.language),
    },
    ...(isAdmin
      ? [
          {
            headerKey: 'payments:orders.columns.user',
            render: (order: Order) => <span dir="auto">{order.username}</span>,
          },
        ]
      : []),
    {
      headerKey: 'payments:orders.columns.credits',
      render: (order) => formatCount(order.credits, i18n.language),
    },
    {
      headerKey: 'payments:orders.columns.amount',
      sortField: 'amount',
      render: (order) => formatMoney(order.amount, order.currency, i18n.language),
    },
    {
      headerKey: 'payments:orders.columns.provider',
      render: (order) => t(`payments:providers.${order.provider}`),
    },
    {
      headerKey: 'payments:orders.columns.status',
      render: (order) => <OrderStatusBadge status={order.status} />,
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('payments:orders.title')}</Title>
        <Button component={Link} to={paths.dashboard.financial.recharge}>
          {t('payments:orders.new')}
        </Button>
      </Group>
      <Text>{t('payments:orders.intro')}</Text>
      <Group>
        <Select
          label={t('payments:orders.statusFilter')}
          placeholder={t('payments:orders.allStatuses')}
          clearable
          value={filters.status ?? null}
          data={ORDER_STATUSES.map((status) => ({ value: status, label: t(`payments:status.${status}`) }))}
          onChange={(value) => list.send({ type: 'list.filter', name: 'status', value: value ?? undefined })}
        />
        <Select
          label={t('payments:orders.providerFilter')}
          placeholder={t('payments:orders.allProviders')}
          clearable
          value={filters.provider ?? null}
          data={PROVIDERS.map((name) => ({ value: name, label: t(`payments:providers.${name}`) }))}
          onChange={(value) =>
            list.send({ type: 'list.filter', name: 'provider', value: value ?? undefined })
          }
        />
      </Group>
      {totals.length > 0 ? (
        <Stack gap={2} aria-label={t('payments:orders.totals')}>
          <Text fw={700}>{t('payments:orders.totals')}</Text>
          {totals.map((line) => (
            <Text key={line.currency}>
              {t('payments:orders.totalLine', {
                currency: line.currency,
                amount: formatMoney(line.amount, line.currency, i18n.language),
                count: line.count,
              })}
            </Text>
          ))}
        </Stack>
      ) : null}
      <ListTable<Order>
        actor={list}
        columns={columns}
        actions={(order) => (
          <Button
            size="xs"
            variant="light"
            aria-label={t('payments:orders.openNamed', { id: order.id.slice(0, 8) })}
            onClick={() => setOpenId(order.id)}
          >
            {t('payments:orders.open')}
          </Button>
        )}
      />
      {openId ? (
        <OrderDialog orderId={openId} isAdmin={isAdmin} onClose={() => setOpenId(null)} onChanged={changed} />
      ) : null}
    </Stack>
  );
}
