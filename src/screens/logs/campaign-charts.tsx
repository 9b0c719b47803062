import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignTimeline } from '../../../contract/logs.contract.ts';
import { chartLabel } from '../../lib/bidi.ts';
import { formatDate, formatDateTime } from '../../lib/format-date.ts';
import { formatNumber } from './format.tsx';
import { formatPercent } from '../../lib/format-number.ts';

type Point = { at: string; count: number };

/** One row per bucket any series has, oldest first, each series 0 where it had nothing. */
export function mergeBuckets(timeline: CampaignTimeline) {
  const series = {
    deliveries: timeline.deliveries,
    failures: timeline.failures,
    opens: timeline.opens,
    machine_opens: timeline.machine_opens,
    clicks: timeline.clicks,
    bounces: timeline.bounces,
    complaints: timeline.complaints,
  };
  type Row = { at: string } & Record<keyof typeof series, number>;
  const buckets = new Map<string, Row>();
  for (const [name, points] of Object.entries(series) as [keyof typeof series, Point[]][]) {
    for (const point of points) {
      const row = buckets.get(point.at) ?? {
        at: point.at,
        deliveries: 0,
        failures: 0,
        opens: 0,
        machine_opens: 0,
        clicks: 0,
        bounces: 0,
        complaints: 0,
      };
      row[name] += point.count;
      buckets.set(point.at, row);
    }
  }
  return [...buckets.values()].sort((a, b) => a.at.localeCompare(b.at));
}

const total = (points: Point[]) => points.reduce((sum, point) => sum + point.count, 0);

/** Bounces and complaints as a share of deliveries (what mailbox providers judge a sender by). */
const percent = (part: number, whole: number, language: string) => formatPercent(part, whole, language);

/** Deliveries, failures and first opens per hour or day, and the yes/no answers. */
export function CampaignCharts({ timeline }: { timeline: CampaignTimeline }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const label = (iso: string) =>
    chartLabel(timeline.bucket === 'hour' ? formatDateTime(iso, language) : formatDate(iso, language));
  const points = mergeBuckets(timeline).map((row) => ({ ...row, at: label(row.at) }));
  const answers = timeline.answers.map((row) => ({
    answer: row.answer === 'yes' || row.answer === 'no' ? t(`logs:answers.${row.answer}`) : row.answer,
    count: row.count,
  }));
  const number = (value: number) => formatNumber(value, language);
  return (
    <Stack gap="sm">
      <Title order={2}>{t('logs:detail.chartsHeading')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="log-chart-time">
          <Title order={3} size="h5" id="log-chart-time">
            {t('logs:detail.overTime')}
          </Title>
          {points.length === 0 ? (
            <Text py="md">{t('logs:detail.noActivity')}</Text>
          ) : (
            <>
              <LineChart
                h={240}
                mt="sm"
                data={points}
                dataKey="at"
                // Whole counts: no 0.25 steps on the axis (issue 22).
                yAxisProps={{ allowDecimals: false }}
                curveType="linear"
                withLegend
                series={[
                  { name: 'deliveries', label: t('logs:detail.deliveries'), color: 'teal.9' },
                  { name: 'failures', label: t('logs:detail.failures'), color: 'red.9' },
                  { name: 'opens', label: t('logs:detail.opens'), color: 'blue.9' },
                  { name: 'machine_opens', label: t('logs:detail.machineOpens'), color: 'gray.7' },
                  { name: 'clicks', label: t('logs:detail.clicks'), color: 'grape.9' },
                  { name: 'bounces', label: t('logs:detail.bounces'), color: 'orange.9' },
                  { name: 'complaints', label: t('logs:detail.complaints'), color: 'pink.9' },
                ]}
              />
              <Text size="sm" mt="xs">
                {t('logs:detail.chartSummary', {
                  deliveries: number(total(timeline.deliveries)),
                  failures: number(total(timeline.failures)),
                  opens: number(total(timeline.opens)),
                })}
              </Text>
              <Text size="sm">
                {t('logs:detail.engagementSummary', {
                  opens: number(total(timeline.opens)),
                  machineOpens: number(total(timeline.machine_opens)),
                  clicks: number(total(timeline.clicks)),
                })}
              </Text>
              <Text size="sm">
                {t('logs:detail.bounceSummary', {
                  bounces: number(total(timeline.bounces)),
                  bounceRate: percent(total(timeline.bounces), total(timeline.deliveries), language),
                  complaints: number(total(timeline.complaints)),
                  complaintRate: percent(total(timeline.complaints), total(timeline.deliveries), language),
                })}
              </Text>
            </>
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="log-chart-answers">
          <Title order={3} size="h5" id="log-chart-answers">
            {t('logs:detail.answersChart')}
          </Title>
          {answers.length === 0 ? (
            <Text py="md">{t('logs:detail.noAnswers')}</Text>
          ) : (
            <>
              <BarChart
                h={240}
                mt="sm"
                data={answers.map((row) => ({ ...row, answer: chartLabel(row.answer) }))}
                dataKey="answer"
                yAxisProps={{ allowDecimals: false }}
                series={[{ name: 'count', label: t('logs:detail.count'), color: 'indigo.9' }]}
              />
              <Text size="sm" mt="xs">
                {new Intl.ListFormat(language, { type: 'unit' }).format(
                  answers.map((row) => `${row.answer}: ${number(row.count)}`),
                )}
              </Text>
            </>
          )}
          {timeline.custom_answered > 0 ? (
            <Text size="sm" mt="xs">
              {t('logs:detail.customAnswered', { count: timeline.custom_answered })}
            </Text>
          ) : null}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
