import type { CampaignLogDetail } from '../../../contract/logs.contract.ts';
import { emptyDraft, type SourceKind, type WizardDraft } from './types.ts';

const sourceOf: Record<CampaignLogDetail['source_type'], SourceKind> = {
  single: 'single',
  lists: 'lists',
  groups: 'groups',
  rows: 'excel',
};

/**
 * "Use as a new send" (issue 22): a past campaign's message as a fresh wizard draft: its name,
 * subject, content, sender and survey, for the same kind of recipients; the recipients, files and time are
 * chosen again (the log keeps no copy of them).
 */
export function draftFromCampaign(campaign: CampaignLogDetail): { source: SourceKind; draft: WizardDraft } {
  const survey: WizardDraft['survey'] =
    campaign.survey === null
      ? { type: 'none' }
      : campaign.survey.type === 'yes_no'
        ? { type: 'yes_no', question: campaign.survey.question }
        : { type: 'custom', questions: [...campaign.survey.questions] };
  return {
    source: sourceOf[campaign.source_type],
    draft: {
      ...emptyDraft(),
      campaignName: campaign.name ?? '',
      subject: campaign.subject,
      html: campaign.html,
      editor: 'html',
      fromEmail: campaign.from_email,
      senderName: campaign.sender_name,
      survey,
      trackClicks: campaign.track_clicks,
    },
  };
}
