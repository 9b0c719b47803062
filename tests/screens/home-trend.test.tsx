import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { logEndpoints as api, type SendingSummary, type SendingTrend } from '../../contract/logs.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { formatDayMonth } from '../../src/lib/format-date.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { localTrendWindow } from '../../src/services/logs.service.ts';
import { routeOf, type Handler } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

// jsdom lays nothing out, so recharts draws nothing here: the chart's own props are checked,
// through a stand-in that records them.
type ChartProps = {
  data: Record<string, unknown>[];
  dataKey: string;
  yAxisProps?: { allowDecimals?: boolean };
  series: { name: string; label: string }[];
};
const charts = vi.hoisted(() => [] as ChartProps[]);
vi.mock('@mantine/charts', () => ({
  LineChart: (props: ChartProps) => {
    charts.push(props);
    return <div data-testid="trend-chart" />;
  },
  BarChart: () => <div />,
}));

const summary: SendingSummary = {
  quota: 100,
  used: 0,
  balance: 100,
  week: { sent: 0, opened: 0, blocked: 0, bounced: 0, complained: 0 },
  month: { sent: 0, opened: 0, blocked: 0, bounced: 0, complained: 0 },
  recent: [],
  active: [],
};

const trend: SendingTrend = {
  days: Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10),
    sent: index === 29 ? 1200 : index === 0 ? 3 : 0,
    opened: index === 29 ? 40 : 0,
    answered: index === 28 ? 7 : 0,
  })),
};

function render(language: 'ar' | 'en', trendRoute: Handler = () => ({ status: 200, data: trend })) {
  charts.length = 0;
  const rendered = renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.home,
    language,
    routes: {
      [routeOf(api.summary)]: () => ({ status: 200, data: summary }),
      [routeOf(api.trend)]: trendRoute,
    },
  });
  rendered.i18n.addResourceBundle('ar', 'logs', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'logs', en, true, false);
  return rendered;
}

const wait = { timeout: 15_000 };

describe('overview trend chart', { timeout: 30_000 }, () => {
  it('draws sends, opens and answers per day on a whole-number axis (English)', async () => {
    render('en');
    const region = await screen.findByRole('region', { name: 'Last 30 days' }, wait);
    await within(region).findByTestId('trend-chart', {}, wait);
    expect(
      within(region).getByText('In the last 30 days: 1,203 sent, 40 opened, 7 answered.'),
    ).toBeInTheDocument();
    const chart = charts.at(-1)!;
    expect(chart.yAxisProps?.allowDecimals).toBe(false);
    expect(chart.series.map((series) => [series.name, series.label])).toEqual([
      ['sent', 'Sent'],
      ['opened', 'Opened'],
      ['answered', 'Answered'],
    ]);
    expect(chart.data).toHaveLength(30);
    // The app's one date format (src/lib/format-date.ts): day first, as every other date.
    // Each label isolated in its own direction (src/lib/bidi.ts: the chart's SVG is left to right).
    expect(chart.data[0]).toMatchObject({ day: '\u206828 Oct\u2069', sent: 3 });
    expect(chart.data[29]).toMatchObject({ day: '\u206826 Nov\u2069', sent: 1200, opened: 40 });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('says it all in Arabic', async () => {
    render('ar');
    const region = await screen.findByRole('region', { name: 'آخر 30 يومًا' }, wait);
    await within(region).findByTestId('trend-chart', {}, wait);
    const number = (value: number) => value.toLocaleString('ar');
    expect(
      within(region).getByText(
        `خلال آخر 30 يومًا: ${number(1203)} مرسلة، ${number(40)} مفتوحة، ${number(7)} مُجاب عنها.`,
      ),
    ).toBeInTheDocument();
    const chart = charts.at(-1)!;
    expect(chart.yAxisProps?.allowDecimals).toBe(false);
    expect(chart.series.map((series) => series.label)).toEqual(['المرسلة', 'المفتوحة', 'المُجاب عنها']);
    // Western digits, as every date of the app (issue 22, defect 6).
    expect(chart.data[29]!.day).toMatch(/^\u206826 /);
    expect(chart.data[29]!.day).toBe(`\u2068${formatDayMonth('2026-11-26', 'ar')}\u2069`);
  });

  it('says when the trend cannot be loaded and tries again', async () => {
    let calls = 0;
    const { user } = render('en', () => (++calls === 1 ? { status: 503 } : { status: 200, data: trend }));
    const region = await screen.findByRole('region', { name: 'Last 30 days' }, wait);
    await within(region).findByText(/The trend could not be loaded\./, {}, wait);
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(region).getByTestId('trend-chart')).toBeInTheDocument(), wait);
    expect(calls).toBe(2);
  });

  it('asks for the 30 local days ending today, with the browser’s offset', () => {
    const now = new Date(2026, 10, 26, 15, 7);
    const window = localTrendWindow(now);
    expect(new Date(window.start).getTime()).toBe(new Date(2026, 9, 28).getTime());
    expect(window.utc_offset).toBe(-now.getTimezoneOffset());
  });
});
