import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  logEndpoints as api,
  type CampaignLinks,
  type CampaignLogDetail,
  type CampaignTimeline,
  type MessageLog,
} from '../../contract/logs.contract.ts';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { routeOf } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

/**
 * The campaign entry's click figures (issue 16): the per-link report, people's and machines'
 * opens and clicks apart in the figures, the chart summary and each recipient's row.
 */
const detail: CampaignLogDetail = {
  id: 'k1',
  user_id: 'u-sender',
  username: 'sam',
  name: null,
  subject: 'Winter offer',
  from_email: 'sam@example.com',
  sender_name: 'Sam',
  status: 'completed',
  recipients_count: 3,
  counts: {
    queued: 0,
    sending: 0,
    sent: 3,
    failed: 0,
    blocked: 0,
    cancelled: 0,
    opened: 1,
    machine_opened: 2,
    clicked: 1,
    machine_clicked: 2,
    possible_duplicates: 0,
    bounced: 0,
    complained: 0,
  },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  late_seconds: null,
  finished_at: '2026-11-24T09:05:00.000Z',
  pause_reason: null,
  created_at: '2026-11-24T08:59:00.000Z',
  html: '<p><a href="https://shop.example/offer?id={{code}}">offer</a></p>',
  source_type: 'rows',
  survey: null,
  language: 'en',
  track_clicks: true,
  bounces: { hard: 0, soft: 0, sender: 0, reasons: [] },
};
const hour = '2026-11-24T09:00:00.000Z';
const timeline: CampaignTimeline = {
  bucket: 'hour',
  deliveries: [{ at: hour, count: 3 }],
  failures: [],
  opens: [{ at: hour, count: 1 }],
  machine_opens: [{ at: hour, count: 2 }],
  clicks: [{ at: hour, count: 1 }],
  bounces: [],
  complaints: [],
  answers: [],
  custom_answered: 0,
};
const links: CampaignLinks = {
  tracked: true,
  results: [
    {
      number: 1,
      url: 'https://shop.example/offer?id={{code}}',
      clicks: 1234,
      machine_clicks: 7,
      unique_clickers: 3,
    },
    { number: 2, url: 'https://docs.example/guide', clicks: 0, machine_clicks: 2, unique_clickers: 0 },
  ],
};
const message: MessageLog = {
  id: 'm1',
  seq: 1,
  email: 'r1@example.com',
  name: 'Person 1',
  status: 'sent',
  bounced_at: null,
  bounce_code: null,
  bounce_diagnostic: null,
  bounce_type: null,
  bounce_reason: null,
  soft_bounce_count: 0,
  complained_at: null,
  blocked_reason: null,
  attempts: 1,
  smtp_response: null,
  sent_at: '2026-11-24T09:01:00.000Z',
  failed_at: null,
  opened_at: '2026-11-24T10:00:00.000Z',
  open_count: 1,
  machine_open_count: 2,
  clicked_at: '2026-11-24T10:01:00.000Z',
  click_count: 3,
  machine_click_count: 1,
  survey_question: null,
  survey_answer: null,
  custom_answers: null,
  last_checked_at: null,
  unsubscribed_at: null,
  possible_duplicate: false,
};

function render(language: 'ar' | 'en', report: CampaignLinks = links) {
  const rendered = renderApp({
    language,
    signedInAs: 'sender',
    route: paths.dashboard.logs.emailEntry('k1'),
    routes: {
      [routeOf(api.get, { id: 'k1' })]: () => ({ status: 200, data: detail }),
      [routeOf(api.timeline, { id: 'k1' })]: () => ({ status: 200, data: timeline }),
      [routeOf(api.links, { id: 'k1' })]: () => ({ status: 200, data: report }),
      [routeOf(api.messages, { id: 'k1' })]: () => ({ status: 200, data: { count: 1, results: [message] } }),
    },
  });
  rendered.i18n.addResourceBundle('ar', 'logs', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'logs', en, true, false);
  return rendered;
}

const wait = { timeout: 20_000 };
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('e-mail log entry: links, opens and clicks', { timeout: 40_000 }, () => {
  it('reports each link with people’s clicks, machines’ clicks and unique clickers (English)', async () => {
    render('en');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Links' }, wait);
    const section = heading.closest('section')!;
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No.', 'Link', 'Clicks by people', 'Clicks by machines', 'Recipients who clicked']);
    const first = within(table)
      .getByRole('rowheader', { name: 'https://shop.example/offer?id={{code}}' })
      .closest('tr')!;
    expect(cells(first)).toEqual(['1', '1,234', '7', '3']);
    const second = within(table)
      .getByRole('rowheader', { name: 'https://docs.example/guide' })
      .closest('tr')!;
    expect(cells(second)).toEqual(['2', '0', '2', '0']);

    // People's and machines' opens apart, in the figures, the chart's summary and the row.
    expect(screen.getByText('Opened by machines')).toBeInTheDocument();
    expect(screen.getByText('Clicked a link')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Opened by people: 1 · by machines (link scanners, image prefetching): 2 · clicked a link: 1.',
      ),
    ).toBeInTheDocument();
    const row = (await screen.findByText('r1@example.com', undefined, wait)).closest('tr')!;
    expect(within(row).getByText('Opened (1)')).toBeInTheDocument();
    expect(within(row).getByText('Clicked (3)')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByText(/^By machines: \d$/)
        .map((node) => node.textContent),
    ).toEqual(['By machines: 2', 'By machines: 1']);
  });

  it('reports the links in Arabic, the addresses kept left to right', async () => {
    render('ar');
    const heading = await screen.findByRole('heading', { level: 2, name: 'الروابط' }, wait);
    const table = within(heading.closest('section')!).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['الرقم', 'الرابط', 'نقرات الأشخاص', 'النقرات الآلية', 'مستلمون نقروا عليه']);
    const link = within(table).getByText('https://shop.example/offer?id={{code}}');
    expect(link.tagName).toBe('BDI');
    expect(link).toHaveAttribute('dir', 'ltr');
    const first = link.closest('tr')!;
    expect(cells(first)).toEqual(['1', '1,234', '7', '3']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('فتحتها برامج آلية')).toBeInTheDocument();
  });

  it('says so when the campaign was sent without click tracking', async () => {
    render('en', { tracked: false, results: [] });
    expect(
      await screen.findByText('Click tracking was off for this campaign.', undefined, wait),
    ).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Clicks by people' })).not.toBeInTheDocument();
  });
});
