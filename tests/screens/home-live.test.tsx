import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logEndpoints as api, type CampaignLog, type SendingSummary } from '../../contract/logs.contract.ts';
import { sendEndpoints, type CampaignState } from '../../contract/send.contract.ts';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const counts = {
  queued: 60,
  sending: 0,
  sent: 30,
  failed: 10,
  blocked: 0,
  cancelled: 0,
  opened: 4,
  machine_opened: 0,
  clicked: 0,
  machine_clicked: 0,
  possible_duplicates: 0,
  bounced: 0,
  complained: 0,
};

const sending: CampaignLog = {
  id: 'k7',
  user_id: 'u-sender',
  username: 'sam',
  name: 'Spring sale',
  subject: 'Hello {{name}}',
  from_email: 'sam@example.com',
  sender_name: 'Sam',
  status: 'sending',
  recipients_count: 100,
  counts,
  scheduled_at: null,
  // Started long ago: a pace is shown at once, whatever the test's clock.
  started_at: '2026-01-01T00:00:00.000Z',
  late_seconds: null,
  finished_at: null,
  pause_reason: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const summaryWith = (active: CampaignLog[]): SendingSummary => ({
  quota: 2000,
  used: 100,
  balance: 1900,
  week: { sent: 30, opened: 4, blocked: 0, bounced: 0, complained: 0 },
  month: { sent: 30, opened: 4, blocked: 0, bounced: 0, complained: 0 },
  recent: [],
  active,
});

const stateOf = (campaign: CampaignLog, status: CampaignState['status']): CampaignState => ({
  id: campaign.id,
  status,
  recipients_count: campaign.recipients_count,
  counts: { queued: 60, sending: 0, sent: 30, failed: 10, blocked: 0, cancelled: 0 },
  scheduled_at: null,
  started_at: campaign.started_at,
  finished_at: null,
});

function render(options: RenderOptions) {
  const rendered = renderApp({ signedInAs: 'sender', route: paths.dashboard.home, ...options });
  rendered.i18n.addResourceBundle('ar', 'logs', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'logs', en, true, false);
  return rendered;
}

const wait = { timeout: 15_000 };

/** Issue 22: the overview shows every campaign being sent or paused with its live progress. */
describe('overview live progress', { timeout: 30_000 }, () => {
  it.each(['en', 'ar'] as const)(
    'shows the bar, figures and pause of a sending campaign; pause goes to the server (%s)',
    async (language) => {
      let summary = summaryWith([sending]);
      const { server, user, i18n } = render({
        language,
        routes: {
          [routeOf(api.summary)]: () => ({ status: 200, data: summary }),
          [routeOf(sendEndpoints.get, { id: 'k7' })]: () => ({
            status: 200,
            data: stateOf(sending, 'sending'),
          }),
          [routeOf(sendEndpoints.pause, { id: 'k7' })]: () => {
            summary = summaryWith([{ ...sending, status: 'paused' }]);
            return { status: 200, data: stateOf(sending, 'paused') };
          },
        },
      });
      const live = await screen.findByRole('region', { name: i18n.t('logs:home.live') }, wait);
      const progress = within(live).getByRole('region', {
        name: i18n.t('logs:home.liveOf', { subject: 'Spring sale' }),
      });
      const number = (value: number) => value.toLocaleString(language);
      for (const [key, value] of [
        ['sent', 30],
        ['failed', 10],
        ['remaining', 60],
      ] as const)
        expect(progress).toHaveTextContent(i18n.t(`logs:live.${key}`, { value: number(value) }));
      expect(within(live).getByRole('link', { name: 'Spring sale' })).toHaveAttribute(
        'href',
        paths.dashboard.logs.emailEntry('k7'),
      );
      expect(within(live).getByText(i18n.t('logs:campaignStatus.sending'))).toBeInTheDocument();

      await user.click(
        within(live).getByRole('button', {
          name: i18n.t('logs:actions.pauseLabel', { subject: 'Spring sale' }),
        }),
      );
      await waitFor(() => expect(server.seen(routeOf(sendEndpoints.pause, { id: 'k7' }))).toHaveLength(1));
      // The overview reads its figures again and the campaign now offers resume, still with its bar.
      expect(
        await within(live).findByRole(
          'button',
          { name: i18n.t('logs:actions.resumeLabel', { subject: 'Spring sale' }) },
          wait,
        ),
      ).toBeEnabled();
      expect(within(live).getByText(i18n.t('logs:campaignStatus.paused'))).toBeInTheDocument();
      expect(server.seen(routeOf(api.summary)).length).toBeGreaterThanOrEqual(2);
      expect(
        within(live).getByRole('region', { name: i18n.t('logs:home.liveOf', { subject: 'Spring sale' }) }),
      ).toHaveTextContent(i18n.t('logs:live.remaining', { value: number(60) }));
    },
  );

  it('resumes a paused campaign through the server', async () => {
    const paused = { ...sending, status: 'paused' as const };
    const { server, user } = render({
      language: 'en',
      routes: {
        [routeOf(api.summary)]: () => ({ status: 200, data: summaryWith([paused]) }),
        [routeOf(sendEndpoints.get, { id: 'k7' })]: () => ({ status: 200, data: stateOf(paused, 'paused') }),
        [routeOf(sendEndpoints.resume, { id: 'k7' })]: () => ({
          status: 200,
          data: stateOf(paused, 'sending'),
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resume “Spring sale”' }, wait));
    await waitFor(() => expect(server.seen(routeOf(sendEndpoints.resume, { id: 'k7' }))).toHaveLength(1));
    expect(server.seen(routeOf(sendEndpoints.pause, { id: 'k7' }))).toHaveLength(0);
  });

  it('shows no live section when nothing is being sent', async () => {
    render({
      language: 'en',
      routes: { [routeOf(api.summary)]: () => ({ status: 200, data: summaryWith([]) }) },
    });
    await screen.findByRole('region', { name: 'This week' }, wait);
    expect(screen.queryByRole('region', { name: 'Sending now' })).toBeNull();
  });
});
