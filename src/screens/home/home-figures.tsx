import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { PeriodFigures, SendingSummary } from '../../../contract/logs.contract.ts';
import { paths } from '../../app/paths.ts';
import * as home from '../../machines/logs/home-summary.machine.ts';
import { CampaignTitle } from '../logs/campaign-title.tsx';
import { campaignTime, CampaignStatusBadge, formatNumber, formatTime } from '../logs/format.tsx';
import { useLogsI18n } from '../logs/use-logs-i18n.ts';
import { formatPercent } from '../../lib/format-number.ts';

function Period({ titleKey, figures }: { titleKey: string; figures: PeriodFigures }) {
  const { t, i18n } = useLogsI18n();
  const id = `home-${titleKey.split('.').at(-1)}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {t(titleKey)}
      </Title>
      <SimpleGrid cols={{ base: 3, sm: 5 }} mt="sm">
        {(['sent', 'opened', 'blocked', 'bounced', 'complained'] as const).map((name) => (
          <div key={name}>
            <Text size="sm">{t(`logs:home.${name}`)}</Text>
            <Text fz="xl" fw={700}>
              {formatNumber(figures[name], i18n.language)}
            </Text>
            {/* Bounces and complaints as a share of what was sent: what mailbox providers judge. */}
            {name === 'bounced' || name === 'complained' ? (
              <Text size="xs">
                {t('logs:home.rate', {
                  rate: formatPercent(figures[name], figures.sent, i18n.language),
                })}
              </Text>
            ) : null}
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function Recent({ summary }: { summary: SendingSummary }) {
  const { t, i18n } = useLogsI18n();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-recent">
      <Title order={2} size="h4" id="home-recent">
        {t('logs:home.recent')}
      </Title>
      {summary.recent.length === 0 ? (
        // A new sender's next step is to send, not to read an empty log (issue 37).
        <Stack gap="xs" align="flex-start">
          <Text>{t('logs:home.noCampaigns')}</Text>
          <Button component={Link} to={paths.dashboard.send.user}>
            {t('logs:home.firstCampaign')}
          </Button>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('logs:columns.subject')}</Table.Th>
                <Table.Th>{t('logs:columns.campaignStatus')}</Table.Th>
                <Table.Th>{t('logs:columns.recipients')}</Table.Th>
                <Table.Th>{t('logs:columns.sent')}</Table.Th>
                <Table.Th>{t('logs:columns.opened')}</Table.Th>
                <Table.Th>{t('logs:columns.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.recent.map((campaign) => (
                <Table.Tr key={campaign.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.dashboard.logs.emailEntry(campaign.id)} dir="auto">
                      <CampaignTitle campaign={campaign} />
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <CampaignStatusBadge status={campaign.status} />
                  </Table.Td>
                  <Table.Td>{number(campaign.recipients_count)}</Table.Td>
                  <Table.Td>{number(campaign.counts.sent)}</Table.Td>
                  <Table.Td>{number(campaign.counts.opened)}</Table.Td>
                  <Table.Td>{formatTime(campaignTime(campaign), i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Anchor component={Link} to={paths.dashboard.logs.email}>
        {t('logs:home.allCampaigns')}
      </Anchor>
    </Stack>
  );
}

/** This week's and month's figures and the latest campaigns, as the summary machine has them. */
export function HomeFigures({ actor }: { actor: home.HomeSummaryActorRef }) {
  const { t } = useLogsI18n();
  const summary = useSelector(actor, home.selectSummary);
  const loading = useSelector(actor, home.selectIsLoading);
  const failed = useSelector(actor, home.selectIsFailed);
  const errorKey = useSelector(actor, home.selectErrorKey);
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('logs:home.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text>{t(errorKey ?? 'errors.unexpected')}</Text>
          <Button size="xs" onClick={() => actor.send({ type: 'summary.retry' })}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (loading || !summary) {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Period titleKey="logs:home.week" figures={summary.week} />
        <Period titleKey="logs:home.month" figures={summary.month} />
      </SimpleGrid>
      <Recent summary={summary} />
    </Stack>
  );
}
