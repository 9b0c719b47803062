import { Button, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { SendingTrend } from '../../../contract/logs.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import * as trend from '../../machines/logs/home-trend.machine.ts';
import { chartLabel } from '../../lib/bidi.ts';
import { formatDayMonth } from '../../lib/format-date.ts';
import { getTrend } from '../../services/logs.service.ts';
import { formatNumber } from '../logs/format.tsx';
import { useLogsI18n } from '../logs/use-logs-i18n.ts';

type Figure = 'sent' | 'opened' | 'answered';

function TrendChart({ data }: { data: SendingTrend }) {
  const { t, i18n } = useLogsI18n();
  const language = i18n.language;
  // The days are the sender's own dates (YYYY-MM-DD): shown as such, whatever the time zone.
  const points = data.days.map((day) => ({ ...day, day: chartLabel(formatDayMonth(day.date, language)) }));
  const total = (figure: Figure) =>
    formatNumber(
      data.days.reduce((sum, day) => sum + day[figure], 0),
      language,
    );
  return (
    <>
      <LineChart
        h={240}
        mt="sm"
        data={points}
        dataKey="day"
        // Whole counts: no 0.25 steps on the axis (issue 22).
        yAxisProps={{ allowDecimals: false }}
        curveType="linear"
        withLegend
        series={[
          { name: 'sent', label: t('logs:trend.sent'), color: 'teal.9' },
          { name: 'opened', label: t('logs:trend.opened'), color: 'blue.9' },
          { name: 'answered', label: t('logs:trend.answered'), color: 'grape.9' },
        ]}
      />
      <Text size="sm" mt="xs">
        {t('logs:trend.summary', {
          sent: total('sent'),
          opened: total('opened'),
          answered: total('answered'),
        })}
      </Text>
    </>
  );
}

/** The overview's sends, opens and answers per day for the last 30 days. */
export function HomeTrend() {
  const { t } = useLogsI18n();
  const { call } = useAppServices();
  const machine = useMemo(
    () =>
      trend.homeTrendMachine.provide({
        actors: { loadTrend: fromPromise(({ signal }) => getTrend(call, new Date(), signal)) },
      }),
    [call],
  );
  const actor = useActorRef(machine);
  const data = useSelector(actor, trend.selectTrend);
  const loading = useSelector(actor, trend.selectIsLoading);
  const failed = useSelector(actor, trend.selectIsFailed);
  const errorKey = useSelector(actor, trend.selectErrorKey);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="home-trend">
      <Title order={2} size="h4" id="home-trend">
        {t('logs:trend.title')}
      </Title>
      {failed ? (
        // Not role="alert": the overview's figures own the page's one alert; this is a part of it.
        <Group gap="sm" mt="sm">
          <Text c="red.9">
            {t('logs:trend.loadFailed')} {t(errorKey ?? 'errors.unexpected')}
          </Text>
          <Button size="xs" onClick={() => actor.send({ type: 'trend.retry' })}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : loading || !data ? (
        <Center py="xl" role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      ) : (
        <TrendChart data={data} />
      )}
    </Paper>
  );
}
