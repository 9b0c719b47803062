import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logEndpoints as api, type SendingSummary } from '../../contract/logs.contract.ts';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const summary: SendingSummary = {
  quota: 2000,
  used: 766,
  balance: 1234,
  week: { sent: 12, opened: 5, blocked: 1, bounced: 0, complained: 0 },
  month: { sent: 340, opened: 120, blocked: 7, bounced: 2, complained: 1 },
  active: [],
  recent: [
    {
      id: 'k1',
      user_id: 'u-sender',
      username: 'sam',
      name: null,
      subject: 'Winter offer',
      from_email: 'sam@example.com',
      sender_name: 'Sam',
      status: 'completed',
      recipients_count: 50,
      counts: {
        queued: 0,
        sending: 0,
        sent: 48,
        failed: 1,
        blocked: 1,
        cancelled: 0,
        opened: 20,
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
      finished_at: '2026-11-24T09:05:00.000Z',
      pause_reason: null,
      created_at: '2026-11-24T08:59:00.000Z',
    },
  ],
};

function render(options: RenderOptions) {
  const rendered = renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.home,
    ...options,
    routes: { [routeOf(api.summary)]: () => ({ status: 200, data: summary }), ...options.routes },
  });
  rendered.i18n.addResourceBundle('ar', 'logs', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'logs', en, true, false);
  return rendered;
}

const wait = { timeout: 15_000 };

describe('overview screen', { timeout: 30_000 }, () => {
  it('shows the sender’s balance, this week’s and month’s figures and recent campaigns (English)', async () => {
    const { server } = render({ language: 'en' });
    const week = await screen.findByRole('region', { name: 'This week' }, wait);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(week).getByText('12')).toBeInTheDocument();
    expect(within(week).getByText('5')).toBeInTheDocument();
    const month = screen.getByRole('region', { name: 'This month' });
    expect(within(month).getByText('340')).toBeInTheDocument();
    expect(within(month).getByText('Blocked')).toBeInTheDocument();
    expect(within(month).getByText('7')).toBeInTheDocument();
    // The credit the server has now, not the sign-in's copy (fixtures: 1000 / 10 / 990).
    expect(screen.getByText('2,000')).toBeInTheDocument();
    expect(screen.getByText('766')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent campaigns' });
    expect(within(recent).getByRole('link', { name: 'Winter offer' })).toHaveAttribute(
      'href',
      paths.dashboard.logs.emailEntry('k1'),
    );
    expect(within(recent).getByText('Completed')).toBeInTheDocument();
    expect(server.seen(routeOf(api.summary))).toHaveLength(1);
  });

  it('shows the figures in Arabic, and a sender with no campaign is told so', async () => {
    render({
      language: 'ar',
      routes: { [routeOf(api.summary)]: () => ({ status: 200, data: { ...summary, recent: [] } }) },
    });
    const week = await screen.findByRole('region', { name: 'هذا الأسبوع' }, wait);
    expect(within(week).getByText((12).toLocaleString('ar'))).toBeInTheDocument();
    expect(screen.getByText('لم ترسل أي حملة بعد.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أرسل حملتك الأولى' })).toHaveAttribute(
      'href',
      paths.dashboard.send.user,
    );
    expect(screen.getByRole('link', { name: 'كل الحملات في سجل البريد' })).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded and tries again', async () => {
    let calls = 0;
    const { user } = render({
      language: 'en',
      routes: {
        [routeOf(api.summary)]: () => (++calls === 1 ? { status: 503 } : { status: 200, data: summary }),
      },
    });
    const alert = await screen.findByRole('alert', {}, wait);
    expect(within(alert).getByText('The figures could not be loaded.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'This week' })).toBeInTheDocument());
  });
});
