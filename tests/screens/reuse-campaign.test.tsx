import { screen, waitFor } from '@testing-library/react';
import type { CampaignLogDetail } from '../../contract/logs.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { ReuseCampaignButton } from '../../src/screens/logs/reuse-campaign.tsx';
import { readDraft } from '../../src/services/send-draft.storage.ts';
import { renderWithProviders } from '../setup/render.tsx';

const campaign = {
  id: 'c-1',
  name: 'Winter offer',
  subject: 'مرحبًا {{name}}',
  from_email: 'news@sam.example',
  sender_name: 'El Namer',
  html: '<p>عرض خاص</p>',
  source_type: 'lists',
  survey: { type: 'yes_no', question: 'Coming?' },
  language: 'ar',
  track_clicks: false,
} as CampaignLogDetail;

/** Issue 22: "use as a new send" on a campaign in the log opens the wizard filled from it. */
describe('use as a new send', () => {
  it.each(['ar', 'en'] as const)(
    'keeps the message as the draft of its source and opens that wizard (%s)',
    async (language) => {
      window.localStorage.clear();
      const { user, i18n, router } = renderWithProviders(<ReuseCampaignButton campaign={campaign} />, {
        language,
        route: paths.dashboard.logs.emailEntry('c-1'),
      });
      await user.click(await screen.findByRole('button', { name: i18n.t('logs:detail.reuse') }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.send.list));
      const kept = readDraft(window.localStorage, 'lists');
      expect(kept?.draft).toMatchObject({
        campaignName: 'Winter offer',
        subject: 'مرحبًا {{name}}',
        html: '<p>عرض خاص</p>',
        editor: 'html',
        fromEmail: 'news@sam.example',
        senderName: 'El Namer',
        survey: { type: 'yes_no', question: 'Coming?' },
        trackClicks: false,
        listIds: [],
        schedule: { mode: 'now' },
      });
    },
  );

  it('leaves the name empty for a campaign that had none (its subject stands in again)', async () => {
    window.localStorage.clear();
    const { user, i18n } = renderWithProviders(
      <ReuseCampaignButton campaign={{ ...campaign, name: null }} />,
      {
        language: 'en',
        route: paths.dashboard.logs.emailEntry('c-1'),
      },
    );
    await user.click(await screen.findByRole('button', { name: i18n.t('logs:detail.reuse') }));
    await waitFor(() => expect(readDraft(window.localStorage, 'lists')?.draft.campaignName).toBe(''));
  });
});
