import { escapeHtml } from './template-render.ts';

/**
 * The survey block appended to a campaign's message: the sending engine renders it for every
 * recipient and the send wizard's review shows the same block in its preview, so the sender sees
 * what the recipient gets. `label` gives the texts of the `mail` namespace in the message's
 * language (the server's and the browser's translators both fit).
 */
export type SurveyChoice = { type: 'yes_no'; question: string } | { type: 'custom'; questions: string[] };
export type SurveyLinks = { yes: string; no: string; survey: string };
export type SurveyLabel = (key: 'yes' | 'no' | 'heading' | 'custom') => string;

const button = (href: string, label: string, colour: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 4px;padding:8px 20px;border-radius:6px;background:${colour};color:#fff;text-decoration:none;font:bold 14px sans-serif">${escapeHtml(label)}</a>`;

export function surveyHtml(
  survey: SurveyChoice | null,
  links: SurveyLinks,
  label: SurveyLabel,
  dir: string,
): string {
  if (!survey) return '';
  const box = `<div dir="${dir}" style="margin:24px 0;padding:16px;border:1px solid #ddd;border-radius:8px;font:14px/1.5 sans-serif">`;
  if (survey.type === 'yes_no') {
    return (
      `${box}<p style="margin:0 0 12px;font-weight:bold">${escapeHtml(survey.question)}</p>` +
      `${button(links.yes, label('yes'), '#2f9e44')}` +
      `${button(links.no, label('no'), '#e03131')}</div>`
    );
  }
  return (
    `${box}<p style="margin:0 0 12px;font-weight:bold">${escapeHtml(label('heading'))}</p>` +
    `${button(links.survey, label('custom'), '#1971c2')}</div>`
  );
}
