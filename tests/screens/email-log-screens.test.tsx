import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  logEndpoints as api,
  type CampaignLog,
  type CampaignLogDetail,
  type CampaignTimeline,
  type MessageLog,
} from '../../contract/logs.contract.ts';
import { sendEndpoints, type CampaignState } from '../../contract/send.contract.ts';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

/** The screens add their namespace when they mount; the tests read the same texts. */
function render(options: RenderOptions) {
  const rendered = renderApp({
    signedInAs: 'sender',
    ...options,
    routes: {
      [routeOf(api.list)]: () => ({ status: 200, data: { count: 2, results: [sending, done] } }),
      [routeOf(api.get, { id: 'k1' })]: () => ({ status: 200, data: detail }),
      [routeOf(api.timeline, { id: 'k1' })]: () => ({ status: 200, data: timeline }),
      [routeOf(api.links, { id: 'k1' })]: () => ({ status: 200, data: { tracked: true, results: [] } }),
      [routeOf(api.messages, { id: 'k1' })]: () => ({ status: 200, data: { count: 2, results: messages } }),
      ...options.routes,
    },
  });
  rendered.i18n.addResourceBundle('ar', 'logs', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'logs', en, true, false);
  return rendered;
}

const counts = { queued: 6, sending: 0, sent: 3, failed: 1, blocked: 0, cancelled: 0 };
const sending: CampaignLog = {
  id: 'k1',
  user_id: 'u-sender',
  username: 'sam',
  name: null,
  subject: 'Winter offer',
  from_email: 'sam@example.com',
  sender_name: 'Sam',
  status: 'sending',
  recipients_count: 10,
  counts: {
    ...counts,
    opened: 2,
    machine_opened: 0,
    clicked: 0,
    machine_clicked: 0,
    possible_duplicates: 0,
    bounced: 0,
    complained: 0,
  },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  late_seconds: null,
  finished_at: null,
  pause_reason: null,
  created_at: '2026-11-24T08:59:00.000Z',
};
const done: CampaignLog = {
  ...sending,
  id: 'k2',
  subject: 'Autumn news',
  status: 'completed',
  counts: { ...sending.counts, queued: 0, sent: 9 },
  late_seconds: 125,
  finished_at: '2026-11-20T10:00:00.000Z',
};
const detail: CampaignLogDetail = {
  ...sending,
  html: '<p>x</p>',
  source_type: 'lists',
  survey: { type: 'yes_no', question: 'Coming?' },
  language: 'en',
  track_clicks: true,
  bounces: { hard: 0, soft: 0, sender: 0, reasons: [] },
};
const timeline: CampaignTimeline = {
  bucket: 'hour',
  deliveries: [{ at: '2026-11-24T09:00:00.000Z', count: 3 }],
  failures: [{ at: '2026-11-24T09:00:00.000Z', count: 1 }],
  opens: [{ at: '2026-11-24T10:00:00.000Z', count: 2 }],
  machine_opens: [],
  clicks: [],
  answers: [{ answer: 'yes', count: 1 }],
  custom_answered: 0,
  bounces: [],
  complaints: [],
};
const message = (seq: number, values: Partial<MessageLog>): MessageLog => ({
  id: `m${seq}`,
  seq,
  email: `r${seq}@example.com`,
  name: `Person ${seq}`,
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
  opened_at: null,
  open_count: 0,
  machine_open_count: 0,
  clicked_at: null,
  click_count: 0,
  machine_click_count: 0,
  survey_question: 'Coming?',
  survey_answer: null,
  custom_answers: null,
  last_checked_at: null,
  unsubscribed_at: null,
  possible_duplicate: false,
  ...values,
});
const messages = [
  message(1, { opened_at: '2026-11-24T10:00:00.000Z', open_count: 2, survey_answer: 'yes' }),
  message(2, { status: 'blocked', blocked_reason: 'unsubscribed', sent_at: null }),
];
const state = (status: CampaignState['status'], sent: number): CampaignState => ({
  id: 'k1',
  status,
  recipients_count: 10,
  counts: { ...counts, queued: 10 - sent - 1, sent },
  scheduled_at: null,
  started_at: sending.started_at,
  finished_at: null,
});

const wait = { timeout: 15_000 };

describe('e-mail log list', { timeout: 40_000 }, () => {
  it('lists campaigns in Arabic under one h1 with their figures and a link to each', async () => {
    render({ language: 'ar', route: paths.dashboard.logs.email });
    expect(await screen.findByRole('heading', { level: 1, name: 'سجل البريد' }, wait)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const row = (await screen.findByRole('link', { name: 'Winter offer' })).closest('tr')!;
    expect(within(row).getByText('قيد الإرسال')).toBeInTheDocument();
    expect(
      within(row).getByText(`تمت معالجة ${(4).toLocaleString('ar')} من ${(10).toLocaleString('ar')}`),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'إيقاف «Winter offer» مؤقتًا' })).toBeInTheDocument();
    const finished = screen.getByRole('link', { name: 'Autumn news' }).closest('tr')!;
    expect(within(finished).getByText('مكتملة')).toBeInTheDocument();
    expect(within(finished).queryByRole('button')).toBeNull();
    expect(within(finished).getByText(`بدأت متأخرة ${(3).toLocaleString('ar')} دقيقة`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Winter offer' })).toHaveAttribute(
      'href',
      paths.dashboard.logs.emailEntry('k1'),
    );
  });

  it('moves a sending campaign’s figures live, without reloading the page', async () => {
    render({
      language: 'en',
      route: paths.dashboard.logs.email,
      routes: {
        [routeOf(sendEndpoints.get, { id: 'k1' })]: () => ({ status: 200, data: state('sending', 7) }),
      },
    });
    const row = (await screen.findByRole('link', { name: 'Winter offer' }, wait)).closest('tr')!;
    expect(within(row).getByText('4 of 10 processed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Updating live');
    // The next poll comes POLL_MS later (3 s): the row shows what it answered.
    expect(await within(row).findByText('8 of 10 processed', {}, wait)).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
  });

  it('pauses at once, and cancels only after the question is answered yes (English)', async () => {
    const { user, server } = render({
      language: 'en',
      route: paths.dashboard.logs.email,
      routes: {
        [routeOf(sendEndpoints.pause, { id: 'k1' })]: () => ({ status: 200, data: state('paused', 3) }),
        [routeOf(sendEndpoints.cancel, { id: 'k1' })]: () => ({
          status: 409,
          data: { statusCode: 409, code: 'errors.campaignState', message: 'no' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pause “Winter offer”' }, wait));
    expect(await screen.findByText('The campaign is paused.')).toBeInTheDocument();
    expect(server.seen(routeOf(sendEndpoints.pause, { id: 'k1' }))).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Cancel sending “Winter offer”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    expect(within(dialog).getByText(/Messages of “Winter offer” not yet sent/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.seen(routeOf(sendEndpoints.cancel, { id: 'k1' }))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel sending “Winter offer”' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel the campaign' }));
    expect(await screen.findByText('This campaign cannot do that in its current state.')).toBeInTheDocument();
    expect(server.seen(routeOf(sendEndpoints.cancel, { id: 'k1' }))).toHaveLength(1);
  });

  it('filters by status through the list query', async () => {
    const { user, server } = render({ language: 'en', route: paths.dashboard.logs.email });
    await screen.findByRole('link', { name: 'Autumn news' }, wait);
    const before = server.seen(routeOf(api.list)).length;
    const status = screen
      .getAllByLabelText('Campaign status')
      .find((element) => element.tagName === 'INPUT')!;
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(server.seen(routeOf(api.list)).length).toBe(before + 1));
  });
});

describe('e-mail log entry', { timeout: 40_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  let saved: { blob: Blob; name: string }[];
  beforeEach(() => {
    saved = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:file';
    });
    URL.revokeObjectURL = vi.fn();
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ blob: blobs.at(-1)!, name: this.download });
    });
  });
  afterEach(() => click.mockRestore());

  it('shows one row per recipient with delivery, open, block and answer (English)', async () => {
    render({ language: 'en', route: paths.dashboard.logs.emailEntry('k1') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter offer' }, wait)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const first = (await screen.findByText('r1@example.com')).closest('tr')!;
    expect(within(first).getByText('Delivered')).toBeInTheDocument();
    expect(within(first).getByText('Opened (2)')).toBeInTheDocument();
    expect(within(first).getByText('Coming?')).toBeInTheDocument();
    expect(within(first).getByText('Yes')).toBeInTheDocument();
    const second = screen.getByText('r2@example.com').closest('tr')!;
    expect(within(second).getByText('Unsubscribed')).toBeInTheDocument();
    expect(within(second).getByText('Not opened')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Deliveries and opens over time' }),
    ).toBeInTheDocument();
    expect(screen.getByText('3 delivered, 1 failed and 2 opened in total.')).toBeInTheDocument();
    expect(screen.getByText('Yes: 1')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Cancelled', 'Queued'],
    ['ar', 'ملغاة', 'في الانتظار'],
  ] as const)('counts what a cancelled campaign never sent (%s)', async (language, cancelled, queued) => {
    const stopped = {
      ...detail,
      status: 'cancelled' as const,
      counts: { ...detail.counts, queued: 0, cancelled: 6 },
    };
    render({
      language,
      route: paths.dashboard.logs.emailEntry('k1'),
      routes: { [routeOf(api.get, { id: 'k1' })]: () => ({ status: 200, data: stopped }) },
    });
    const figure = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
    await screen.findByText('r1@example.com', {}, wait);
    expect(within(figure(cancelled)).getByText((6).toLocaleString(language))).toBeInTheDocument();
    expect(within(figure(queued)).getByText((0).toLocaleString(language))).toBeInTheDocument();
  });

  it('shows an Arabic sender name in its own direction and the address left to right', async () => {
    const arabicSender = { ...detail, sender_name: 'سارة' };
    render({
      language: 'ar',
      route: paths.dashboard.logs.emailEntry('k1'),
      routes: { [routeOf(api.get, { id: 'k1' })]: () => ({ status: 200, data: arabicSender }) },
    });
    const name = await screen.findByText('سارة', { selector: 'bdi' }, wait);
    expect(name).not.toHaveAttribute('dir');
    const address = within(name.parentElement!).getByText('<sam@example.com>', { selector: 'bdi' });
    expect(address).toHaveAttribute('dir', 'ltr');
    expect(name.parentElement).toHaveTextContent(`${ar.detail.from}: سارة <sam@example.com>`);
  });

  it('shows no cancelled figure for a campaign that was never cancelled', async () => {
    render({ language: 'en', route: paths.dashboard.logs.emailEntry('k1') });
    await screen.findByText('r1@example.com', {}, wait);
    expect(screen.queryByText('Cancelled', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('exports the filtered rows through the server as CSV and XLSX', async () => {
    const { user, server } = render({
      language: 'en',
      route: paths.dashboard.logs.emailEntry('k1'),
      routes: {
        [routeOf(api.export, { id: 'k1' })]: () => ({
          status: 200,
          data: new Blob(['email\r\nr1@example.com']),
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, wait));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Winter offer.csv');
    expect(await saved[0]!.blob.text()).toContain('r1@example.com');
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('Winter offer.xlsx');
    expect(server.seen(routeOf(api.export, { id: 'k1' }))).toHaveLength(2);
  });

  it('names the export after the campaign’s name when it has one (issue 22)', async () => {
    const { user } = render({
      language: 'en',
      route: paths.dashboard.logs.emailEntry('k1'),
      routes: {
        [routeOf(api.get, { id: 'k1' })]: () => ({ status: 200, data: { ...detail, name: 'Spring sale' } }),
        [routeOf(api.export, { id: 'k1' })]: () => ({ status: 200, data: new Blob(['email']) }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, wait));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Spring sale.csv');
  });

  it('filters the recipients by answer in Arabic', async () => {
    const { user, server } = render({ language: 'ar', route: paths.dashboard.logs.emailEntry('k1') });
    await screen.findByText('r1@example.com', {}, wait);
    const before = server.seen(routeOf(api.messages, { id: 'k1' })).length;
    const answer = screen.getAllByLabelText('الإجابة').find((element) => element.tagName === 'INPUT')!;
    await user.click(answer);
    await user.click(await screen.findByRole('option', { name: 'نعم' }));
    await waitFor(() => expect(server.seen(routeOf(api.messages, { id: 'k1' })).length).toBe(before + 1));
  });

  it('says a missing campaign is not found, under one h1, even reached from another entry (Arabic)', async () => {
    const { router } = render({ language: 'ar', route: paths.dashboard.logs.emailEntry('k1') });
    await screen.findByRole('heading', { level: 1, name: 'Winter offer' }, wait);
    await router.navigate(paths.dashboard.logs.emailEntry('nope'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الحملة غير موجودة' }, wait),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'العودة إلى سجل البريد' })).toBeInTheDocument();
  });

  it('offers to try again when the campaign cannot be loaded', async () => {
    const { user, server } = render({
      language: 'en',
      route: paths.dashboard.logs.emailEntry('k1'),
      routes: { [routeOf(api.get, { id: 'k1' })]: () => ({ status: 503 }) },
    });
    const alert = await screen.findByRole('alert', {}, wait);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const calls = server.seen(routeOf(api.get, { id: 'k1' })).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.seen(routeOf(api.get, { id: 'k1' })).length).toBe(calls + 1));
  });
});
