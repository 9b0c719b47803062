import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  logEndpoints as api,
  type CampaignLogDetail,
  type CampaignTimeline,
  type MessageLog,
  type SendingSummary,
} from '../../contract/logs.contract.ts';
import { sendEndpoints } from '../../contract/send.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

/** Bounces and complaints after delivery in one campaign's log (issue 16), in both languages. */
const counts = { queued: 0, sending: 0, sent: 10, failed: 0, blocked: 0, cancelled: 0 };
const campaign: CampaignLogDetail = {
  id: 'k9',
  user_id: 'u-sender',
  username: 'sam',
  name: null,
  subject: 'Stale list',
  from_email: 'sam@example.com',
  sender_name: 'Sam',
  status: 'paused',
  recipients_count: 600,
  counts: {
    ...counts,
    opened: 0,
    machine_opened: 0,
    clicked: 0,
    machine_clicked: 0,
    possible_duplicates: 0,
    bounced: 1,
    complained: 1,
  },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  late_seconds: null,
  finished_at: null,
  pause_reason: 'bounce_rate',
  created_at: '2026-11-24T08:59:00.000Z',
  html: '<p>x</p>',
  source_type: 'lists',
  survey: null,
  language: 'en',
  track_clicks: false,
  bounces: {
    hard: 1,
    soft: 0,
    sender: 2,
    reasons: [
      { bounce_type: 'sender', reason: 'authfailure', count: 2 },
      { bounce_type: 'hard', reason: 'userunknown', count: 1 },
    ],
  },
};
const timeline: CampaignTimeline = {
  bucket: 'hour',
  deliveries: [{ at: '2026-11-24T09:00:00.000Z', count: 10 }],
  failures: [],
  opens: [],
  machine_opens: [],
  clicks: [],
  answers: [],
  custom_answered: 0,
  bounces: [{ at: '2026-11-24T10:00:00.000Z', count: 1 }],
  complaints: [{ at: '2026-11-24T11:00:00.000Z', count: 1 }],
};
const base: MessageLog = {
  id: 'm1',
  seq: 1,
  email: 'gone@example.org',
  name: '',
  status: 'bounced',
  bounced_at: '2026-11-24T10:00:00.000Z',
  bounce_code: '5.1.1',
  bounce_diagnostic: '550 5.1.1 <gone@example.org>: User unknown',
  bounce_type: 'hard',
  bounce_reason: 'userunknown',
  soft_bounce_count: 0,
  complained_at: null,
  blocked_reason: null,
  attempts: 1,
  smtp_response: '250 ok',
  sent_at: '2026-11-24T09:01:00.000Z',
  failed_at: null,
  opened_at: null,
  open_count: 0,
  machine_open_count: 0,
  clicked_at: null,
  click_count: 0,
  machine_click_count: 0,
  survey_question: null,
  survey_answer: null,
  custom_answers: null,
  last_checked_at: null,
  unsubscribed_at: null,
  possible_duplicate: false,
};
const messages: MessageLog[] = [
  base,
  {
    ...base,
    id: 'm2',
    seq: 2,
    email: 'angry@example.org',
    status: 'complained',
    bounced_at: null,
    bounce_code: null,
    bounce_diagnostic: null,
    bounce_type: null,
    bounce_reason: null,
    complained_at: '2026-11-24T11:00:00.000Z',
  },
];

function open(options: RenderOptions) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.logs.emailEntry('k9'),
    ...options,
    routes: {
      [routeOf(api.get, { id: 'k9' })]: () => ({ status: 200, data: campaign }),
      [routeOf(api.timeline, { id: 'k9' })]: () => ({ status: 200, data: timeline }),
      [routeOf(api.links, { id: 'k9' })]: () => ({ status: 200, data: { tracked: false, results: [] } }),
      [routeOf(api.messages, { id: 'k9' })]: () => ({ status: 200, data: { count: 2, results: messages } }),
      [routeOf(sendEndpoints.get, { id: 'k9' })]: () => ({
        status: 200,
        data: {
          id: 'k9',
          status: 'paused',
          recipients_count: 600,
          counts,
          scheduled_at: null,
          started_at: campaign.started_at,
          finished_at: null,
        },
      }),
    },
  });
}

const wait = { timeout: 15_000 };

describe('bounces and complaints in the e-mail log', { timeout: 40_000 }, () => {
  it('shows bounced with its code and diagnostic, complained, the rates and why it paused (English)', async () => {
    open({ language: 'en' });
    const bounced = (await screen.findByText('gone@example.org', {}, wait)).closest('tr')!;
    expect(within(bounced).getByText('Bounced')).toBeInTheDocument();
    expect(within(bounced).getByText('5.1.1 550 5.1.1 <gone@example.org>: User unknown')).toBeInTheDocument();
    // The reason, translated, with whose fault it was.
    expect(
      within(bounced).getByText('Hard bounce (address is bad) · Address does not exist'),
    ).toBeInTheDocument();
    const complained = screen.getByText('angry@example.org').closest('tr')!;
    expect(within(complained).getByText('Reported as spam')).toBeInTheDocument();
    expect(
      screen.getByText('Bounce rate 10% (1), complaint rate 10% (1) of deliveries.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Paused by itself: more than the allowed share/)).toBeInTheDocument();
  });

  it('says the same in Arabic', async () => {
    open({ language: 'ar' });
    const bounced = (await screen.findByText('gone@example.org', {}, wait)).closest('tr')!;
    expect(within(bounced).getByText('ارتدّت')).toBeInTheDocument();
    expect(
      within(bounced).getByText('ارتداد دائم (العنوان غير صالح) · العنوان غير موجود'),
    ).toBeInTheDocument();
    const complained = screen.getByText('angry@example.org').closest('tr')!;
    expect(within(complained).getByText('أُبلغ عنها كرسالة مزعجة')).toBeInTheDocument();
    expect(screen.getByText(/أُوقفت تلقائيًا/)).toBeInTheDocument();
    expect(screen.getByText(/معدل الارتداد/)).toBeInTheDocument();
  });
});

describe('the campaign log counts its bounces by reason', { timeout: 40_000 }, () => {
  it.each([
    [
      'en',
      'Bounces by reason',
      'Sender-side failure',
      'Authentication failed (SPF, DKIM, DMARC)',
      'Address does not exist',
    ],
    ['ar', 'الارتدادات حسب السبب', 'خلل من جهة المرسل', 'فشل التحقق (SPF وDKIM وDMARC)', 'العنوان غير موجود'],
  ] as const)(
    'one row per reason with its kind and count, most frequent first (%s)',
    async (language, heading, sender, auth, unknown) => {
      open({ language });
      const section = await screen.findByRole('region', { name: heading }, wait);
      const rows = within(section).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      const [first, second] = rows.map((row) => within(row));
      expect(first!.getByRole('rowheader', { name: auth })).toBeInTheDocument();
      expect(first!.getByText(sender)).toBeInTheDocument();
      // Western digits in both languages unless the reader picks Arabic-Indic ones.
      expect(first!.getByText('2')).toBeInTheDocument();
      expect(second!.getByRole('rowheader', { name: unknown })).toBeInTheDocument();
      // The totals per kind above the table: two sender-side failures, no soft bounce.
      expect(within(section).getByText(new RegExp(`^${sender}:`))).toHaveTextContent('2');
    },
  );
});

describe('bounces and complaints on the overview', { timeout: 40_000 }, () => {
  const summary: SendingSummary = {
    quota: 2000,
    used: 400,
    balance: 1600,
    week: { sent: 0, opened: 0, blocked: 0, bounced: 0, complained: 0 },
    month: { sent: 400, opened: 120, blocked: 7, bounced: 8, complained: 1 },
    recent: [],
    active: [],
  };
  it.each([
    ['en', 'This month', 'Bounced', '2% of sent', '0.25% of sent'],
    ['ar', 'هذا الشهر', 'ارتدّت', `${(0.02).toLocaleString('ar', { style: 'percent' })} من المُرسلة`, null],
  ] as const)(
    'shows this month’s bounces and complaints with their rates (%s)',
    async (language, period, label, rate, other) => {
      renderApp({
        signedInAs: 'sender',
        route: paths.dashboard.home,
        language,
        routes: { [routeOf(api.summary)]: () => ({ status: 200, data: summary }) },
      });
      const month = await screen.findByRole('region', { name: period }, wait);
      expect(within(month).getByText(label)).toBeInTheDocument();
      expect(within(month).getByText((8).toLocaleString(language))).toBeInTheDocument();
      expect(within(month).getByText(rate)).toBeInTheDocument();
      if (other) expect(within(month).getByText(other)).toBeInTheDocument();
    },
  );
});
