import { Anchor, Badge, Button, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ContactMessage } from '../../../contract/contact.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ListTable, useListActor, useListSelector, type ListColumn } from '../../components/list/index.ts';
import arInbox from '../../i18n/locales/ar/contact-inbox.json';
import enInbox from '../../i18n/locales/en/contact-inbox.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { contactInboxMachine, type ContactInboxActorRef } from '../../machines/contact-inbox.machine.ts';
import { provideList } from '../../machines/list.machine.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import {
  deleteContactMessage,
  listContactMessages,
  setContactMessageRead,
} from '../../services/contact.service.ts';
import { formatDate } from '../mailbox/format.ts';

function MessageDialog({ inbox }: { inbox: ContactInboxActorRef }) {
  const { t, i18n } = useNamespace('contact-inbox', { ar: arInbox, en: enInbox });
  const message = useSelector(inbox, (snapshot) => snapshot.context.message);
  const busy = useSelector(inbox, (snapshot) => !snapshot.matches('open'));
  const close = () => inbox.send({ type: 'message.close' });
  if (!message) return null;
  const rows: Array<[string, string]> = [
    ['contact-inbox:fields.email', message.email],
    ['contact-inbox:fields.phone', message.phone],
    ['contact-inbox:fields.company', message.company],
    ['contact-inbox:fields.received', formatDate(message.created_at, i18n.language)],
    ['contact-inbox:fields.language', t(`contact-inbox:languages.${message.language}`)],
  ];
  return (
    <Modal opened onClose={close} title={message.full_name} centered size="lg">
      <Stack gap="xs">
        {rows.map(([key, value]) => (
          <Group key={key} gap="xs" wrap="nowrap">
            <Text fw={700}>{t(key)}:</Text>
            <Text dir="auto">{value}</Text>
          </Group>
        ))}
        <Text fw={700}>{t('contact-inbox:fields.message')}</Text>
        <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {message.message}
        </Text>
        <Group justify="space-between" mt="md">
          <Anchor href={`mailto:${message.email}`}>{t('contact-inbox:reply')}</Anchor>
          <Group>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => inbox.send({ type: 'message.markUnread' })}
            >
              {t('contact-inbox:markUnread')}
            </Button>
            <Button onClick={close}>{t('contact-inbox:close')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Administrators read what visitors sent through the landing page's contact form. */
export default function ContactInboxScreen() {
  const { t, i18n } = useNamespace('contact-inbox', { ar: arInbox, en: enInbox });
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<ContactMessage>({
        fetchPage: (request, signal) => listContactMessages(call, request, signal),
        deleteItem: ({ id }, signal) => deleteContactMessage(call, id, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine);
  const unreadOnly = useListSelector(list, (snapshot) => selectQuery(snapshot).filters.unread === 'true');
  const machine = useMemo(
    () =>
      contactInboxMachine.provide({
        actors: {
          setRead: fromPromise(({ input, signal }) =>
            setContactMessageRead(call, input.id, input.read, signal),
          ),
        },
        actions: { notify: (_, notice) => notify(notice) },
      }),
    [call, notify],
  );
  const inbox = useActorRef(machine, { input: { list } });

  const columns: ListColumn<ContactMessage>[] = [
    {
      headerKey: 'contact-inbox:columns.received',
      sortField: 'created_at',
      render: (message) => formatDate(message.created_at, i18n.language),
    },
    {
      headerKey: 'contact-inbox:columns.name',
      render: (message) => <span dir="auto">{message.full_name}</span>,
    },
    { headerKey: 'contact-inbox:columns.email', render: (message) => <span dir="ltr">{message.email}</span> },
    {
      headerKey: 'contact-inbox:columns.company',
      render: (message) => <span dir="auto">{message.company}</span>,
    },
    {
      headerKey: 'contact-inbox:columns.status',
      render: (message) => (
        <Badge variant="outline" color={message.read ? 'gray.8' : 'blue.9'}>
          {t(message.read ? 'contact-inbox:read' : 'contact-inbox:unread')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{t('contact-inbox:title')}</Title>
      <Text>{t('contact-inbox:intro')}</Text>
      <Switch
        label={t('contact-inbox:unreadOnly')}
        checked={unreadOnly}
        onChange={(event) =>
          list.send({
            type: 'list.filter',
            name: 'unread',
            value: event.currentTarget.checked ? 'true' : undefined,
          })
        }
      />
      <ListTable<ContactMessage>
        actor={list}
        columns={columns}
        nameOf={(message) => message.full_name}
        actions={(message) => (
          <Button
            size="xs"
            variant="light"
            aria-label={t('contact-inbox:openNamed', { name: message.full_name })}
            onClick={() => inbox.send({ type: 'message.open', message })}
          >
            {t('contact-inbox:open')}
          </Button>
        )}
      />
      <MessageDialog inbox={inbox} />
    </Stack>
  );
}
