import { emailKey } from '../../../contract/email.contract.ts';
import type { Db } from '../../db/schema.ts';
import {
  applyFeedback,
  type FeedbackOptions,
  type FeedbackResult,
  type FeedbackTarget,
} from './feedback.service.ts';
import type { ReadReport, ReportBounce } from './reports.ts';

/**
 * Applies what one inbound report says to the message it answers, and to every other recipient
 * it names: a DSN about several recipients decides each one. The answered message (its VERP
 * address, or the feedback loop's original) takes the entry naming its own address, else the
 * report's first failure; the other entries go to the same campaign's messages to the addresses
 * they name. Entries that change nothing (auto-replies, delivered) are skipped.
 */
export async function applyReport(
  db: Db,
  target: FeedbackTarget,
  report: ReadReport,
  options: FeedbackOptions,
): Promise<FeedbackResult[]> {
  const query = db
    .selectFrom('messages')
    .select(['messages.id', 'messages.email_key', 'messages.campaign_id']);
  const message = await (
    'token' in target
      ? query.where('messages.token', '=', target.token)
      : query.where('messages.id', '=', target.messageId)
  ).executeTakeFirst();
  if (!message) return [{ outcome: 'no_match' }];

  const acting = report.bounces.filter((bounce) => bounce.decision !== 'ignore');
  const keyOf = (bounce: ReportBounce) => (bounce.recipient ? emailKey(bounce.recipient) : null);
  const own = acting.find((bounce) => keyOf(bounce) === message.email_key) ?? acting[0];
  if (!own) return [];
  const results = [await applyBounce(db, { messageId: message.id }, own, report, options)];

  for (const bounce of acting) {
    const key = keyOf(bounce);
    if (bounce === own || !key || key === message.email_key) continue;
    const other = await db
      .selectFrom('messages')
      .select('id')
      .where('campaign_id', '=', message.campaign_id)
      .where('email_key', '=', key)
      .executeTakeFirst();
    if (other) results.push(await applyBounce(db, { messageId: other.id }, bounce, report, options));
  }
  return results;
}

function applyBounce(
  db: Db,
  target: FeedbackTarget,
  bounce: ReportBounce,
  report: ReadReport,
  options: FeedbackOptions,
): Promise<FeedbackResult> {
  const base = { target, source: 'smtp' as const, eventId: report.eventId };
  if (bounce.decision === 'complaint')
    return applyFeedback(
      db,
      { ...base, kind: 'complaint', diagnostic: `feedback-type: ${bounce.feedbackType ?? 'abuse'}` },
      options,
    );
  return applyFeedback(
    db,
    {
      ...base,
      kind: bounce.decision === 'hard' ? 'hard_bounce' : 'soft_bounce',
      status: bounce.status,
      diagnostic: bounce.diagnostic,
      reason: bounce.reason,
      bounceType: bounce.bounceType,
    },
    options,
  );
}
