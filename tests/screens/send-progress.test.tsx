import { screen } from '@testing-library/react';
import type { CampaignLog } from '../../contract/logs.contract.ts';
import { progressOf, SendProgress } from '../../src/screens/logs/send-progress.tsx';
import { useLogsI18n } from '../../src/screens/logs/use-logs-i18n.ts';
import { renderWithProviders } from '../setup/render.tsx';

const now = Date.parse('2026-11-26T12:10:00.000Z');
const campaign = (values: Partial<CampaignLog>): CampaignLog =>
  ({
    status: 'sending',
    recipients_count: 100,
    started_at: '2026-11-26T12:00:00.000Z',
    counts: { sent: 30, failed: 10, blocked: 0, cancelled: 0, queued: 60, sending: 0 },
    ...values,
  }) as CampaignLog;

function Live({ value }: { value: CampaignLog }) {
  useLogsI18n();
  return <SendProgress campaign={value} now={now} />;
}

/** Issue 22: live progress of a sending campaign on its log entry. */
describe('live sending progress', () => {
  it('counts sent, failed and remaining, the pace and the time left', () => {
    expect(progressOf(campaign({}), now)).toEqual({
      total: 100,
      sent: 30,
      failed: 10,
      remaining: 60,
      perMinute: 4,
      minutesLeft: 15,
    });
  });

  it.each(['ar', 'en'] as const)('shows them while sending (%s)', async (language) => {
    const { i18n } = renderWithProviders(<Live value={campaign({})} />, { language });
    const section = await screen.findByRole('region', { name: i18n.t('logs:live.heading') });
    for (const [key, value] of [
      ['sent', '30'],
      ['failed', '10'],
      ['remaining', '60'],
      ['rate', '4'],
      ['left', '15'],
    ])
      expect(section).toHaveTextContent(i18n.t(`logs:live.${key}`, { value }));
  });

  it('shows no pace while paused, and nothing once finished', async () => {
    const { i18n, unmount } = renderWithProviders(<Live value={campaign({ status: 'paused' })} />, {
      language: 'en',
    });
    const section = await screen.findByRole('region', { name: i18n.t('logs:live.heading') });
    expect(section).toHaveTextContent('Remaining: 60');
    expect(section).not.toHaveTextContent('a minute');
    unmount();
    renderWithProviders(<Live value={campaign({ status: 'completed' })} />, { language: 'en' });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
