import type { MessageLog } from '../../../contract/logs.contract.ts';
import type { Survey } from '../../../contract/send.contract.ts';
import type { MessageRow } from '../../db/schema.ts';

// One message row as the e-mail log shows it: shared by the JSON pages and the file export.

export const surveyOf = (text: string | null): Survey | null => (text ? (JSON.parse(text) as Survey) : null);

export function toMessageLog(row: MessageRow, survey: Survey | null): MessageLog {
  return {
    id: row.id,
    seq: row.seq,
    email: row.email,
    name: row.name,
    // A delivered message may have bounced or drawn a complaint since (server/mail/feedback).
    status: row.complained_at ? 'complained' : row.bounced_at ? 'bounced' : row.status,
    bounced_at: row.bounced_at,
    bounce_code: row.bounce_code,
    bounce_diagnostic: row.bounce_diagnostic,
    bounce_type: row.bounce_type,
    bounce_reason: row.bounce_reason,
    soft_bounce_count: row.soft_bounce_count,
    complained_at: row.complained_at,
    blocked_reason: row.blocked_reason,
    attempts: row.attempts,
    smtp_response: row.smtp_response,
    sent_at: row.sent_at,
    failed_at: row.failed_at,
    opened_at: row.opened_at,
    open_count: row.open_count,
    machine_open_count: row.machine_open_count,
    clicked_at: row.clicked_at,
    click_count: row.click_count,
    machine_click_count: row.machine_click_count,
    survey_question: survey?.type === 'yes_no' ? survey.question : null,
    survey_answer: row.survey_answer,
    custom_answers: row.custom_answers
      ? (JSON.parse(row.custom_answers) as MessageLog['custom_answers'])
      : null,
    last_checked_at: row.last_checked_at,
    unsubscribed_at: row.unsubscribed_at,
    possible_duplicate: row.possible_duplicate === 1,
  };
}
