import { Anchor, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { WebhookDelivery } from '../../../contract/webhooks.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideDeliveryList, provideDeveloperRequests } from '../../app/wiring/developer.wiring.ts';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import ar from '../../i18n/locales/ar/developer.json';
import en from '../../i18n/locales/en/developer.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { selectBusyId } from '../../machines/developer/requests.machine.ts';
import { eventKey } from './webhooks-screen.tsx';

const statusColor = { pending: 'yellow.9', succeeded: 'teal.9', failed: 'red.9' } as const;

/** One endpoint's deliveries: status, answer, time taken, and a replay button. */
export default function WebhookDeliveriesScreen() {
  const { t, i18n } = useNamespace('developer', { ar, en });
  const { id = '' } = useParams();
  const { call, notify } = useAppServices();
  const [listMachine] = useState(() => provideDeliveryList({ call, notify, webhookId: id }));
  const list = useListActor(listMachine, { ordering: '-created_at' });
  const [requestsMachine] = useState(() =>
    provideDeveloperRequests({ call, notify, refreshList: () => list.send({ type: 'list.refresh' }) }),
  );
  const requests = useActorRef(requestsMachine);
  const busyId = useSelector(requests, selectBusyId);
  // Seconds: a delivery's attempts can be moments apart.
  const date = (iso: string) => formatDateTime(iso, i18n.language, { seconds: true });

  const columns: ListColumn<WebhookDelivery>[] = [
    { headerKey: 'developer:deliveries.columns.event', render: (d) => t(eventKey(d.event_type)) },
    {
      headerKey: 'developer:deliveries.columns.status',
      render: (d) => (
        <Badge color={statusColor[d.status]} variant="outline" tt="none">
          {t(`developer:deliveries.status.${d.status}`)}
        </Badge>
      ),
    },
    { headerKey: 'developer:deliveries.columns.attempts', render: (d) => d.attempts },
    {
      headerKey: 'developer:deliveries.columns.response',
      render: (d) =>
        d.response_status !== null ? (
          <span dir="ltr">{d.response_status}</span>
        ) : d.attempts > 0 ? (
          t('developer:deliveries.noResponse')
        ) : (
          '—'
        ),
    },
    {
      headerKey: 'developer:deliveries.columns.latency',
      render: (d) => (d.latency_ms !== null ? t('developer:deliveries.latency', { ms: d.latency_ms }) : '—'),
    },
    { headerKey: 'developer:deliveries.columns.created', render: (d) => date(d.created_at) },
  ];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.settings.developer.webhooks}>
        {t('developer:deliveries.back')}
      </Anchor>
      <Title order={1}>{t('developer:deliveries.title')}</Title>
      <Text>{t('developer:deliveries.intro')}</Text>
      <Title order={2}>{t('developer:deliveries.listLabel')}</Title>
      <ListTable<WebhookDelivery>
        actor={list}
        columns={columns}
        actions={(d) => (
          <Button
            size="xs"
            variant="light"
            loading={busyId === d.id}
            aria-label={t('developer:deliveries.replayLabel', {
              event: t(eventKey(d.event_type)),
              time: date(d.created_at),
            })}
            onClick={() =>
              requests.send({ type: 'request', request: { kind: 'replay', id, delivery: d.id } })
            }
          >
            {t('developer:deliveries.replay')}
          </Button>
        )}
      />
    </Stack>
  );
}
