import { Alert, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CapturedMail } from '../../../contract/mailbox.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import arMailbox from '../../i18n/locales/ar/mailbox.json';
import enMailbox from '../../i18n/locales/en/mailbox.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { provideList } from '../../machines/list.machine.ts';
import {
  mailboxMachine,
  selectCapturing,
  selectClearing,
  selectConfirmingClear,
  type MailboxActorRef,
} from '../../machines/mailbox.machine.ts';
import {
  clearMailbox,
  downloadMailFile,
  getMail,
  getMailboxStatus,
  listMailbox,
  saveBlob,
} from '../../services/mailbox.service.ts';
import { Addresses } from '../../components/addresses.tsx';
import { formatBytes, formatDate } from './format.ts';
import { MailView } from './mail-view.tsx';

function ClearDialog({ actor }: { actor: MailboxActorRef }) {
  const { t } = useNamespace('mailbox', { ar: arMailbox, en: enMailbox });
  const opened = useSelector(actor, selectConfirmingClear);
  const clearing = useSelector(actor, selectClearing);
  const cancel = () => actor.send({ type: 'mailbox.clear.cancel' });
  return (
    <Modal opened={opened} onClose={cancel} title={t('mailbox:clear.title')} centered>
      <Text>{t('mailbox:clear.message')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button data-autofocus variant="default" onClick={cancel} disabled={clearing}>
          {t('common.cancel', { ns: 'common' })}
        </Button>
        <Button color="red" loading={clearing} onClick={() => actor.send({ type: 'mailbox.clear.confirm' })}>
          {t('mailbox:clear.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Administrators read what the built-in capture server received (no SMTP_URL relay set). */
export default function MailboxScreen() {
  const { t, i18n } = useNamespace('mailbox', { ar: arMailbox, en: enMailbox });
  const { call, connection, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<CapturedMail>({
        fetchPage: (request, signal) => listMailbox(call, request, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine);
  const machine = useMemo(
    () =>
      mailboxMachine.provide({
        actors: {
          loadMessage: fromPromise(({ input, signal }) => getMail(call, input.id, signal)),
          downloadFile: fromPromise(async ({ input, signal }) =>
            downloadMailFile(await connection(), input, signal),
          ),
          clearMailbox: fromPromise(({ signal }) => clearMailbox(call, signal)),
          loadStatus: fromPromise(({ signal }) => getMailboxStatus(call, signal)),
        },
        actions: {
          notify: (_, notice) => notify(notice),
          saveFile: (_, file) => saveBlob(file.blob, file.fileName),
        },
      }),
    [call, connection, notify],
  );
  const mailbox = useActorRef(machine, { input: { list } });
  const capturing = useSelector(mailbox, selectCapturing);

  const columns: ListColumn<CapturedMail>[] = [
    {
      headerKey: 'mailbox:columns.received',
      sortField: 'received_at',
      render: (mail) => formatDate(mail.received_at, i18n.language),
    },
    {
      headerKey: 'mailbox:columns.to',
      render: (mail) => <Addresses value={mail.envelope_to.join(', ')} />,
    },
    {
      headerKey: 'mailbox:columns.subject',
      render: (mail) => (
        <Group gap="xs" wrap="nowrap">
          <span dir="auto">{mail.subject || t('mailbox:noSubject')}</span>
          {mail.has_attachments ? (
            <Badge size="xs" variant="outline" color="blue.9">
              {t('mailbox:hasAttachments')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { headerKey: 'mailbox:columns.from', render: (mail) => <Addresses value={mail.from} /> },
    { headerKey: 'mailbox:columns.size', render: (mail) => formatBytes(mail.size, i18n.language) },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('mailbox:title')}</Title>
        <Button color="red" variant="light" onClick={() => mailbox.send({ type: 'mailbox.clear.request' })}>
          {t('mailbox:clear.button')}
        </Button>
      </Group>
      <Text>{t('mailbox:intro')}</Text>
      {capturing === false ? (
        <Alert color="yellow" variant="light">
          {t('mailbox:relayConfigured')}
        </Alert>
      ) : null}
      <ListTable<CapturedMail>
        actor={list}
        columns={columns}
        actions={(mail) => (
          <Button
            size="xs"
            variant="light"
            aria-label={`${t('mailbox:open')} ${mail.subject}`}
            onClick={() => mailbox.send({ type: 'mail.open', id: mail.id })}
          >
            {t('mailbox:open')}
          </Button>
        )}
      />
      <MailView actor={mailbox} />
      <ClearDialog actor={mailbox} />
    </Stack>
  );
}
