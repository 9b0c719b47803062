import type { MessageExportFormat, MessageLog } from '../../../contract/logs.contract.ts';
import type { Db } from '../../db/schema.ts';
import { t, type Language } from '../../lib/i18n.ts';
import { writeXlsx } from '../../lib/xlsx-writer.ts';
import { toCsv } from '../recipients/export.service.ts';
import { messagesAfter, type CampaignWithOwner, type MessageFilter } from './logs.repository.ts';
import { surveyOf, toMessageLog } from './message-log.ts';

const BATCH = 2_000;

/** The columns of the export, in order: the e-mail log's fields of spec §3. */
export const exportColumns = [
  'email',
  'name',
  'status',
  'blocked',
  'sent_at',
  'opened_at',
  'open_count',
  'machine_open_count',
  'clicked_at',
  'click_count',
  'machine_click_count',
  'survey_question',
  'survey_answer',
  'custom_answers',
  'last_checked_at',
  'smtp_response',
  'bounce_type',
  'bounce_reason',
  'bounce_code',
  'bounce_diagnostic',
] as const;

const isYesNo = (answer: string | null) => answer === 'yes' || answer === 'no';

function cells(language: Language, row: MessageLog): Record<(typeof exportColumns)[number], string> {
  return {
    email: row.email,
    name: row.name,
    status: t(language, `logs:status.${row.status}`),
    blocked: row.blocked_reason ? t(language, `logs:blocked.${row.blocked_reason}`) : '',
    // ISO times and plain numbers, so a spreadsheet can sort and compute with them.
    sent_at: row.sent_at ?? '',
    opened_at: row.opened_at ?? '',
    open_count: String(row.open_count),
    machine_open_count: String(row.machine_open_count),
    clicked_at: row.clicked_at ?? '',
    click_count: String(row.click_count),
    machine_click_count: String(row.machine_click_count),
    survey_question: row.survey_question ?? '',
    survey_answer: isYesNo(row.survey_answer)
      ? t(language, `logs:answers.${row.survey_answer}`)
      : (row.survey_answer ?? ''),
    custom_answers: (row.custom_answers ?? []).map((item) => `${item.question}: ${item.answer}`).join('\n'),
    last_checked_at: row.last_checked_at ?? '',
    smtp_response: row.smtp_response ?? '',
    bounce_type: row.bounce_type ? t(language, `logs:bounceType.${row.bounce_type}`) : '',
    bounce_reason: row.bounce_reason ? t(language, `logs:bounceReason.${row.bounce_reason}`) : '',
    bounce_code: row.bounce_code ?? '',
    bounce_diagnostic: row.bounce_diagnostic ?? '',
  };
}

/** The campaign's messages matching `filter` as one table, header first, in send order. */
async function table(db: Db, campaign: CampaignWithOwner, filter: MessageFilter, language: Language) {
  const survey = surveyOf(campaign.survey);
  const rows: string[][] = [exportColumns.map((column) => t(language, `logs:columns.${column}`))];
  // Keyset batches over (campaign_id, seq): each costs the same however far into the campaign it is.
  for (let after = 0; ;) {
    const batch = await messagesAfter(db, campaign.id, filter, after, BATCH);
    for (const row of batch) {
      const values = cells(language, toMessageLog(row, survey));
      rows.push(exportColumns.map((column) => values[column]));
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.seq;
  }
  return rows;
}

export async function exportMessages(
  db: Db,
  campaign: CampaignWithOwner,
  filter: MessageFilter,
  options: { format: MessageExportFormat; language: Language },
) {
  const rows = await table(db, campaign, filter, options.language);
  // Named as the log titles the campaign: the sender's name for it, else its subject (issue 22).
  const title = campaign.name ?? campaign.subject;
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'email-log';
  if (options.format === 'xlsx') {
    return {
      body: writeXlsx(title, rows),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${base}.xlsx`,
    };
  }
  return { body: Buffer.from(toCsv(rows), 'utf8'), type: 'text/csv; charset=utf-8', fileName: `${base}.csv` };
}
