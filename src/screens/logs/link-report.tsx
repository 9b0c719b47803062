import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignLinks } from '../../../contract/logs.contract.ts';
import { formatNumber } from './format.tsx';

/**
 * The campaign's per-link report: each tracked link of its message, with the clicks people made,
 * those machines made (link scanners, clicks within seconds of delivery) and how many recipients
 * clicked it themselves.
 */
export function LinkReport({ links }: { links: CampaignLinks }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Stack gap="sm" component="section" aria-labelledby="log-links-heading">
      <Title order={2} id="log-links-heading">
        {t('logs:detail.linksHeading')}
      </Title>
      {!links.tracked ? (
        <Text>{t('logs:detail.linksOff')}</Text>
      ) : links.results.length === 0 ? (
        <Text>{t('logs:detail.noLinks')}</Text>
      ) : (
        <>
          <Text size="sm">{t('logs:detail.linksIntro')}</Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('logs:detail.linkNumber')}</Table.Th>
                  <Table.Th scope="col">{t('logs:detail.link')}</Table.Th>
                  <Table.Th scope="col">{t('logs:detail.peopleClicks')}</Table.Th>
                  <Table.Th scope="col">{t('logs:detail.machineClicks')}</Table.Th>
                  <Table.Th scope="col">{t('logs:detail.uniqueClickers')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.results.map((link) => (
                  <Table.Tr key={link.number}>
                    <Table.Td>{number(link.number)}</Table.Td>
                    <Table.Th scope="row" fw={400} style={{ wordBreak: 'break-all' }}>
                      {/* An address reads left to right in either language. */}
                      <bdi dir="ltr">{link.url}</bdi>
                    </Table.Th>
                    <Table.Td>{number(link.clicks)}</Table.Td>
                    <Table.Td>{number(link.machine_clicks)}</Table.Td>
                    <Table.Td>{number(link.unique_clickers)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
