import { Button, Code, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { CapturedMailDetail } from '../../../contract/mailbox.contract.ts';
import {
  selectDownloading,
  selectOpenMessage,
  selectViewerError,
  selectViewerLoading,
  selectViewerOpen,
  type MailboxActorRef,
} from '../../machines/mailbox.machine.ts';
import { Addresses } from '../../components/addresses.tsx';
import { formatBytes, formatDate } from './format.ts';
import { MailHtmlFrame } from './mail-html-frame.tsx';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';

function Meta({ label, value, addresses }: { label: string; value: string; addresses?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fw={700} size="sm" miw={90}>
        {label}
      </Text>
      <Text size="sm" dir={addresses ? undefined : 'auto'} style={{ wordBreak: 'break-word' }}>
        {addresses ? <Addresses value={value} /> : value}
      </Text>
    </Group>
  );
}

function MessageBody({ actor, message }: { actor: MailboxActorRef; message: CapturedMailDetail }) {
  const { t, i18n } = useTranslation();
  const downloading = useSelector(actor, selectDownloading);
  const busy = downloading !== null;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Meta label={t('mailbox:fields.from')} value={message.from} addresses />
        <Meta label={t('mailbox:fields.to')} value={message.to || message.envelope_to.join(', ')} addresses />
        {message.cc ? <Meta label={t('mailbox:fields.cc')} value={message.cc} addresses /> : null}
        <Meta
          label={t('mailbox:fields.date')}
          value={formatDate(message.date ?? message.received_at, i18n.language)}
        />
        <Meta label={t('mailbox:fields.envelope')} value={message.envelope_to.join(', ')} addresses />
      </Stack>
      <Group>
        <Button
          size="xs"
          variant="light"
          loading={downloading?.kind === 'raw'}
          disabled={busy}
          onClick={() =>
            actor.send({
              type: 'mail.download',
              file: { id: message.id, kind: 'raw', fileName: `${message.id}.eml` },
            })
          }
        >
          {t('mailbox:downloadRaw')}
        </Button>
      </Group>
      <Tabs defaultValue={message.html ? 'html' : 'text'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!message.html}>
            {t('mailbox:tabs.html')}
          </Tabs.Tab>
          <Tabs.Tab value="text">{t('mailbox:tabs.text')}</Tabs.Tab>
          <Tabs.Tab value="headers">{t('mailbox:tabs.headers')}</Tabs.Tab>
          <Tabs.Tab value="attachments">
            {t('mailbox:tabs.attachments', { count: message.attachments.length })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="md">
          {message.html ? (
            <MailHtmlFrame
              html={message.html}
              images={message.inline_images}
              title={t('mailbox:htmlFrame')}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="md">
          <Code block dir="auto">
            {message.text ?? t('mailbox:noText')}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="headers" pt="md">
          <Table.ScrollContainer minWidth={400}>
            <Table striped>
              <Table.Tbody>
                {message.headers.map((header, index) => (
                  <Table.Tr key={`${header.name}-${index}`}>
                    <Table.Th scope="row">{header.name}</Table.Th>
                    <Table.Td dir="auto" style={{ wordBreak: 'break-all' }}>
                      {header.value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Tabs.Panel>
        <Tabs.Panel value="attachments" pt="md">
          {message.attachments.length === 0 ? <Text>{t('mailbox:noAttachments')}</Text> : null}
          <Stack gap="xs">
            {message.attachments.map((attachment) => {
              const fileName = attachment.filename ?? t('mailbox:unnamed', { index: attachment.index + 1 });
              return (
                <Group key={attachment.index} justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600} dir="auto">
                      {fileName}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {attachment.content_type} · {formatBytes(attachment.size, i18n.language)}
                      {attachment.content_id ? ` · cid:${attachment.content_id}` : ''}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`${t('mailbox:download')} ${fileName}`}
                    loading={downloading?.kind === 'attachment' && downloading.index === attachment.index}
                    disabled={busy}
                    onClick={() =>
                      actor.send({
                        type: 'mail.download',
                        file: { id: message.id, kind: 'attachment', index: attachment.index, fileName },
                      })
                    }
                  >
                    {t('mailbox:download')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The open message in a dialog: headers, bodies, attachments and downloads. */
export function MailView({ actor }: { actor: MailboxActorRef }) {
  const { t } = useTranslation();
  const open = useSelector(actor, selectViewerOpen);
  const loading = useSelector(actor, selectViewerLoading);
  const errorKey = useSelector(actor, selectViewerError);
  const message = useSelector(actor, selectOpenMessage);
  return (
    <Modal
      opened={open}
      onClose={() => actor.send({ type: 'mail.close' })}
      title={message ? message.subject || t('mailbox:noSubject') : t('mailbox:message')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('mailbox:close') }}
    >
      {loading ? <LoadingBlock /> : null}
      {errorKey ? (
        <ErrorWithRetry errorKey={errorKey} onRetry={() => actor.send({ type: 'mail.retry' })} />
      ) : null}
      {message ? <MessageBody actor={actor} message={message} /> : null}
    </Modal>
  );
}
