import { Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DnsRecord, SenderDomain } from '../../../contract/senders.contract.ts';
import {
  selectCheckingId,
  selectIsBusy,
  type SenderIdentitiesActorRef,
} from '../../machines/senders/sender-identities.machine.ts';
import { formatDateTime } from '../../lib/format-date.ts';

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        // Once copied, the button's name is its visible "Copied", so the change is announced as seen.
        <Button size="compact-xs" variant="outline" onClick={copy} aria-label={copied ? undefined : label}>
          {t(copied ? 'senders:records.copied' : 'senders:records.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

/** What the last check found for one record: found, not found, or never checked. */
function RecordResult({ found }: { found: boolean | null }) {
  const { t } = useTranslation();
  if (found === null) return <Text size="sm">{t('senders:records.unchecked')}</Text>;
  return (
    <Badge color={found ? 'teal.9' : 'red.9'} variant="outline">
      {t(found ? 'senders:records.found' : 'senders:records.missing')}
    </Badge>
  );
}

function RecordRow({ record }: { record: DnsRecord }) {
  const { t } = useTranslation();
  const name = t(`senders:records.${record.purpose}`);
  return (
    <Table.Tr>
      <Table.Th scope="row">{name}</Table.Th>
      <Table.Td>{record.type}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Code dir="ltr">{record.name}</Code>
          <Copy value={record.name} label={t('senders:records.copyName', { record: name })} />
        </Stack>
      </Table.Td>
      <Table.Td maw="28rem">
        <Stack gap={4} align="flex-start">
          <Code dir="ltr" block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {record.value}
          </Code>
          <Copy value={record.value} label={t('senders:records.copyValue', { record: name })} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <RecordResult found={record.found} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One domain: verified or not, when it was last checked, its records, check and remove. */
export function DomainCard({ actor, domain }: { actor: SenderIdentitiesActorRef; domain: SenderDomain }) {
  const { t, i18n } = useTranslation();
  const busy = useSelector(actor, selectIsBusy);
  const checking = useSelector(actor, selectCheckingId) === domain.id;
  const headingId = `domain-${domain.id}`;
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={3} id={headingId} dir="ltr">
              {domain.domain}
            </Title>
            <Badge color={domain.verified_at ? 'teal.9' : 'gray.8'} variant="outline">
              {t(domain.verified_at ? 'senders:domains.verified' : 'senders:domains.notVerified')}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              loading={checking}
              disabled={busy && !checking}
              aria-label={t('senders:domains.checkOf', { domain: domain.domain })}
              onClick={() => actor.send({ type: 'identities.check', domainId: domain.id })}
            >
              {t('senders:domains.check')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              disabled={busy}
              aria-label={t('senders:domains.removeOf', { domain: domain.domain })}
              onClick={() => actor.send({ type: 'identities.remove', kind: 'domain', id: domain.id })}
            >
              {t('senders:remove')}
            </Button>
          </Group>
        </Group>
        <Text size="sm">
          {domain.last_checked_at
            ? t('senders:domains.lastChecked', { date: date(domain.last_checked_at) })
            : t('senders:domains.neverChecked')}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Caption>{t('senders:domains.records', { domain: domain.domain })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('senders:records.purpose')}</Table.Th>
                <Table.Th>{t('senders:records.type')}</Table.Th>
                <Table.Th>{t('senders:records.name')}</Table.Th>
                <Table.Th>{t('senders:records.value')}</Table.Th>
                <Table.Th>{t('senders:records.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.records.map((record) => (
                <RecordRow key={record.purpose} record={record} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
