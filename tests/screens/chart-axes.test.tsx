import { screen } from '@testing-library/react';
import type { CampaignTimeline } from '../../contract/logs.contract.ts';
import { CampaignCharts } from '../../src/screens/logs/campaign-charts.tsx';
import { renderWithProviders } from '../setup/render.tsx';

// jsdom lays nothing out, so recharts draws no ticks here: the charts' own props are what is
// checked, through stand-ins that record them.
const seen = vi.hoisted(() => [] as Array<{ chart: string; yAxisProps?: { allowDecimals?: boolean } }>);
vi.mock('@mantine/charts', () => ({
  LineChart: (props: { yAxisProps?: { allowDecimals?: boolean } }) => {
    seen.push({ chart: 'line', yAxisProps: props.yAxisProps });
    return <div data-testid="line-chart" />;
  },
  BarChart: (props: { yAxisProps?: { allowDecimals?: boolean } }) => {
    seen.push({ chart: 'bar', yAxisProps: props.yAxisProps });
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
