import { Anchor, Badge, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEventType } from '../../../contract/webhooks.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import {
  provideDeveloperRequests,
  provideWebhookForm,
  provideWebhookList,
} from '../../app/wiring/developer.wiring.ts';
import {
  EmptyNext,
  ListDeleteModal,
  ListTable,
  useListActor,
  type ListColumn,
} from '../../components/list/index.ts';
import ar from '../../i18n/locales/ar/developer.json';
import en from '../../i18n/locales/en/developer.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { selectUser } from '../../machines/auth.machine.ts';
import type { WebhookDraft } from '../../machines/developer/forms.ts';
import { selectBusyId } from '../../machines/developer/requests.machine.ts';
import { FormModal, SecretModal } from './secret-modals.tsx';

export const eventKey = (event: WebhookEventType) => `developer:webhooks.events.${event}`;

type FormActor = ReturnType<typeof useActorRef<ReturnType<typeof provideWebhookForm>>>;

function EndpointForm({ actor }: { actor: FormActor }) {
  const { t } = useNamespace('developer', { ar, en });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const fields = useSelector(actor, (snapshot) => snapshot.context.fields);
  const change = (changes: Partial<WebhookDraft>) => actor.send({ type: 'form.change', changes });
  return (
    <FormModal
      actor={actor}
      title={t('developer:webhooks.form.title')}
      submitLabel={t('developer:webhooks.form.submit')}
      cancelLabel={t('developer:webhooks.form.cancel')}
    >
      <TextInput
        type="url"
        dir="ltr"
        label={t('developer:webhooks.form.url')}
        description={t('developer:webhooks.form.urlHint')}
        required
        data-autofocus
        value={draft.url}
        error={fields.url ? t(fields.url, { ns: 'common' }) : undefined}
        onChange={(event) => change({ url: event.currentTarget.value })}
      />
      <Checkbox.Group
        label={t('developer:webhooks.form.events')}
        required
        value={draft.events}
        error={fields.events ? t(fields.events, { ns: 'common' }) : undefined}
        onChange={(value) => change({ events: value as WebhookEventType[] })}
      >
        <Stack gap="xs" mt="xs">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(eventKey(event))} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormModal>
  );
}

/** Developer tools -> Webhooks: endpoints, their secret shown once, on/off, delivery logs. */
export default function WebhooksScreen() {
  const { t } = useNamespace('developer', { ar, en });
  const { call, notify, auth } = useAppServices();
  const isAdmin = useSelector(auth, selectUser)?.role === 'admin';
  const [listMachine] = useState(() => provideWebhookList({ call, notify }));
  const list = useListActor(listMachine, {
    ordering: '-created_at',
    deletedKey: 'developer:webhooks.removed',
  });
  const refreshList = () => list.send({ type: 'list.refresh' });
  const [formMachine] = useState(() => provideWebhookForm({ call, notify, refreshList }));
  const form = useActorRef(formMachine);
  const [requestsMachine] = useState(() => provideDeveloperRequests({ call, notify, refreshList }));
  const requests = useActorRef(requestsMachine);
  const busyId = useSelector(requests, selectBusyId);

  const columns: ListColumn<Webhook>[] = [
    {
      headerKey: 'developer:webhooks.columns.url',
      sortField: 'url',
      render: (hook) => (
        <Text span dir="ltr" style={{ wordBreak: 'break-all' }}>
          {hook.url}
        </Text>
      ),
    },
    {
      headerKey: 'developer:webhooks.columns.events',
      render: (hook) => hook.events.map((event) => t(eventKey(event))).join('، '),
    },
    {
      headerKey: 'developer:webhooks.columns.status',
      render: (hook) => (
        <Badge color={hook.enabled ? 'teal.9' : 'gray.8'} variant="outline" tt="none">
          {t(
            hook.enabled
              ? 'developer:webhooks.status.enabled'
              : hook.disabled_reason === 'failing'
                ? 'developer:webhooks.status.failing'
                : 'developer:webhooks.status.disabled',
          )}
        </Badge>
      ),
    },
    ...(isAdmin
      ? [{ headerKey: 'developer:webhooks.columns.owner', render: (hook: Webhook) => hook.user.username }]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{t('developer:webhooks.title')}</Title>
      <Text>{t('developer:webhooks.intro')}</Text>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('developer:webhooks.listLabel')}</Title>
        <Button onClick={() => form.send({ type: 'form.open' })}>{t('developer:webhooks.new')}</Button>
      </Group>
      <ListTable<Webhook>
        actor={list}
        columns={columns}
        empty={
          <EmptyNext
            text={t('developer:webhooks.emptyHint')}
            action={t('developer:webhooks.new')}
            onAction={() => form.send({ type: 'form.open' })}
          />
        }
        actions={(hook) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              loading={busyId === hook.id}
              aria-label={t(
                hook.enabled ? 'developer:webhooks.disableLabel' : 'developer:webhooks.enableLabel',
                {
                  url: hook.url,
                },
              )}
              onClick={() =>
                requests.send({
                  type: 'request',
                  request: { kind: 'toggle', id: hook.id, enabled: !hook.enabled },
                })
              }
            >
              {t(hook.enabled ? 'developer:webhooks.disable' : 'developer:webhooks.enable')}
            </Button>
            <Anchor
              component={Link}
              to={paths.dashboard.settings.developer.webhook(hook.id)}
              size="sm"
              aria-label={t('developer:webhooks.deliveriesLabel', { url: hook.url })}
            >
              {t('developer:webhooks.deliveries')}
            </Anchor>
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={t('developer:webhooks.removeLabel', { url: hook.url })}
              onClick={() => list.send({ type: 'list.delete.request', id: hook.id })}
            >
              {t('developer:webhooks.remove')}
            </Button>
          </Group>
        )}
      />
      <ListDeleteModal<Webhook>
        actor={list}
        nameOf={(hook) => hook.url}
        titleKey="developer:webhooks.removeTitle"
        messageKey="developer:webhooks.removeMessage"
        confirmKey="developer:webhooks.remove"
      />
      <EndpointForm actor={form} />
      <SecretModal actor={form} section="webhooks" />
    </Stack>
  );
}
