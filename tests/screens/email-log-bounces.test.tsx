import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logEndpoints as api, type MessageLog, type SendingSummary } from '../../contract/logs.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';
import { bouncedMessage, openCampaignLog } from './support/stopped-campaign-log.ts';

/** Bounces and complaints after delivery in one campaign's log (issue 16), in both languages. */
const messages: MessageLog[] = [
  bouncedMessage,
  {
    ...bouncedMessage,
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

const open = (options: RenderOptions) => openCampaignLog(options, messages);

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
    ['ar', 'هذا الشهر', 'ارتدّت', '2% من المُرسلة', null],
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
