import { screen } from '@testing-library/react';
import type { CampaignTimeline } from '../../contract/logs.contract.ts';
import { formatDateTime } from '../../src/lib/format-date.ts';
import { CampaignCharts } from '../../src/screens/logs/campaign-charts.tsx';
import { renderWithProviders } from '../setup/render.tsx';

// jsdom lays nothing out, so recharts draws no ticks here: the charts' own props are what is
// checked, through stand-ins that record them.
type ChartProps = {
  yAxisProps?: { allowDecimals?: boolean };
  data: Record<string, unknown>[];
  dataKey: string;
};
const seen = vi.hoisted(
  () => [] as Array<{ chart: string; yAxisProps?: { allowDecimals?: boolean }; labels: unknown[] }>,
);
vi.mock('@mantine/charts', () => ({
  LineChart: (props: ChartProps) => {
    seen.push({
      chart: 'line',
      yAxisProps: props.yAxisProps,
      labels: props.data.map((row) => row[props.dataKey]),
    });
    return <div data-testid="line-chart" />;
  },
  BarChart: (props: ChartProps) => {
    seen.push({
      chart: 'bar',
      yAxisProps: props.yAxisProps,
      labels: props.data.map((row) => row[props.dataKey]),
    });
    return <div data-testid="bar-chart" />;
  },
}));

const timeline: CampaignTimeline = {
  bucket: 'hour',
  deliveries: [{ at: '2026-11-24T09:00:00.000Z', count: 1 }],
  failures: [],
  opens: [],
  machine_opens: [],
  clicks: [],
  answers: [{ answer: 'yes', count: 1 }],
  custom_answered: 0,
  bounces: [],
  complaints: [],
};

/** Issue 22, defect 17: chart axes showed 0.25 steps for whole counts. */
describe('campaign charts count in whole numbers', () => {
  it('asks both charts for an axis without fractions', async () => {
    renderWithProviders(<CampaignCharts timeline={timeline} />, { language: 'en' });
    await screen.findByTestId('line-chart');
    await screen.findByTestId('bar-chart');
    expect(new Set(seen.map((entry) => entry.chart))).toEqual(new Set(['line', 'bar']));
    for (const entry of seen) expect(entry.yAxisProps?.allowDecimals).toBe(false);
  });
});

/**
 * Mantine's charts draw their SVG left to right whatever the page's direction: an Arabic axis
 * label such as `24‏/11‏/2026، 9:00 ص` was drawn reordered (`‏/11/2026، 9:00 ص24`, seen in
 * Chromium) until each label was isolated with its own direction (src/lib/bidi.ts).
 */
describe("campaign charts label their axes in each label's own direction", () => {
  beforeEach(() => {
    seen.length = 0;
  });

  it('isolates the Arabic hour and answer labels', async () => {
    renderWithProviders(<CampaignCharts timeline={timeline} />, { language: 'ar' });
    await screen.findByTestId('line-chart');
    const hour = formatDateTime('2026-11-24T09:00:00.000Z', 'ar');
    expect(seen.find((entry) => entry.chart === 'line')?.labels).toEqual([`\u2068${hour}\u2069`]);
    const answers = seen.find((entry) => entry.chart === 'bar')?.labels as string[];
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^\u2068[^\u2068\u2069]+\u2069$/);
  });
});
