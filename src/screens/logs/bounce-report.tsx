import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignBounces } from '../../../contract/logs.contract.ts';
import { formatNumber } from './format.tsx';

/**
 * The campaign's bounces by type and reason (issue 32): whether it was the addresses (hard), the
 * mailboxes (soft) or the sender's own domain, IP or content (sender-side) that failed, and which
 * reason came back how often. Shown only once something bounced.
 */
export function BounceReport({ bounces }: { bounces: CampaignBounces }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  if (bounces.hard + bounces.soft + bounces.sender === 0) return null;
  const types = ['hard', 'soft', 'sender'] as const;
  return (
    <Stack gap="sm" component="section" aria-labelledby="log-bounces-heading">
      <Title order={2} id="log-bounces-heading">
        {t('logs:detail.bouncesHeading')}
      </Title>
      <Group gap="lg">
        {types.map((type) => (
          <Text key={type} size="sm">
            {t(`logs:bounceType.${type}`)}: <strong>{number(bounces[type])}</strong>
          </Text>
        ))}
      </Group>
      {bounces.reasons.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('logs:detail.bounceReason')}</Table.Th>
                <Table.Th scope="col">{t('logs:detail.bounceKind')}</Table.Th>
                <Table.Th scope="col">{t('logs:detail.bounceCount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bounces.reasons.map((row) => (
                <Table.Tr key={`${row.bounce_type}:${row.reason}`}>
                  <Table.Th scope="row" fw={400}>
                    {/* A reason a newer classifier brings may have no translation yet: its code shows. */}
                    {t(`logs:bounceReason.${row.reason}`, { defaultValue: row.reason })}
                  </Table.Th>
                  <Table.Td>{t(`logs:bounceType.${row.bounce_type}`)}</Table.Td>
                  <Table.Td>{number(row.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
