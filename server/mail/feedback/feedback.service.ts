import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FeedbackConfig } from '../../config.ts';
import type { Db, SuppressionReason } from '../../db/schema.ts';
import { findMessageByToken, unsubscribe } from '../../modules/public-pages/recipient-pages.repository.ts';
import { emitMessageEvent } from '../../modules/webhooks/message-events.ts';

/**
 * Bounces, complaints and mailed unsubscribes that come back after a message was delivered,
 * from any source (the inbound SMTP receiver, Amazon SES through SNS, SendGrid's event webhook),
 * applied by one set of rules:
 *
 * - a hard bounce (5.x.x) marks the message bounced (code and diagnostic kept) and suppresses
 *   the address for the campaign's sender (`hard_bounce`);
 * - a soft bounce (4.x.x) is counted on the message; when the sender's three latest delivered
 *   messages to the address all soft-bounced ("three in a row"), the address is suppressed
 *   (`soft_bounce`);
 * - a complaint marks the message complained and suppresses (`complaint`);
 * - an unsubscribe does what the one-click unsubscribe link does;
 * - credits are never given back: the relay took the message, so it was spent;
 * - the same report twice (same source and event id) changes nothing the second time;
 * - a campaign still sending pauses itself when more than `pausePercent` of its deliveries
 *   hard-bounced, once it has `pauseAfter` deliveries (pause_reason `bounce_rate`).
 */
export type FeedbackKind = 'hard_bounce' | 'soft_bounce' | 'complaint' | 'unsubscribe';
export type FeedbackSource = 'smtp' | 'ses' | 'sendgrid';

export type FeedbackTarget =
  /** The message's token, as VERP addresses carry it. */
  | { token: string }
  /** The message row's id. */
  | { messageId: string };

export type FeedbackEvent = {
  target: FeedbackTarget;
  kind: FeedbackKind;
  /** Enhanced status code (5.1.1), or an SMTP reply code when that is all there is. */
  status?: string | null;
  diagnostic?: string | null;
  source: FeedbackSource;
  /** What makes this report itself unique at its source (a DSN's Message-ID, an SNS MessageId). */
  eventId: string;
};

export type FeedbackResult =
  | { outcome: 'no_match' }
  | { outcome: 'duplicate'; messageId: string }
  | { outcome: 'applied'; messageId: string; campaignId: string; paused: boolean };

export type FeedbackOptions = Pick<FeedbackConfig, 'pausePercent' | 'pauseAfter'> & { now: Date };

/** Soft bounces in a row (over the sender's latest deliveries to one address) that suppress it. */
export const SOFT_BOUNCES_IN_A_ROW = 3;

const MAX_DIAGNOSTIC = 1000;
const MAX_CODE = 32;

/** `<row id@domain>`, the Message-ID compose.ts gives every campaign message: its row id. */
export function messageIdFromHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^\s*<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^>\s]+>?\s*$/i.exec(
    header,
  );
  return match ? match[1]!.toLowerCase() : null;
}

type Target = {
  id: string;
  token: string;
  campaign_id: string;
  email_key: string;
  user_id: string;
};

async function findTarget(db: Db, target: FeedbackTarget): Promise<Target | undefined> {
  const query = db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select([
      'messages.id',
      'messages.token',
      'messages.campaign_id',
      'messages.email_key',
      'campaigns.user_id',
    ]);
  return 'token' in target
    ? query.where('messages.token', '=', target.token).executeTakeFirst()
    : query.where('messages.id', '=', target.messageId).executeTakeFirst();
}

/** The reasons a new one may replace: a complaint or a hard bounce says more than these. */
const WEAKER: Record<SuppressionReason, SuppressionReason[]> = {
  complaint: ['unsubscribed', 'soft_bounce', 'manual', 'hard_bounce'],
  hard_bounce: ['soft_bounce', 'manual'],
  soft_bounce: [],
  unsubscribed: [],
  manual: [],
};

export async function suppressForSender(
  db: Db,
  input: {
    scope: string;
    emailKey: string;
    reason: SuppressionReason;
    messageId: string | null;
    campaignId: string | null;
    at: string;
  },
): Promise<void> {
  const weaker = WEAKER[input.reason];
  await db
    .insertInto('suppressions')
    .values({
      id: randomUUID(),
      scope: input.scope,
      email_key: input.emailKey,
      reason: input.reason,
      message_id: input.messageId,
      campaign_id: input.campaignId,
      created_at: input.at,
    })
    .onConflict((conflict) => {
      const target = conflict.columns(['scope', 'email_key']);
      if (weaker.length === 0) return target.doNothing();
      return target
        .doUpdateSet({
          reason: input.reason,
          message_id: input.messageId,
          campaign_id: input.campaignId,
          created_at: input.at,
        })
        .where('suppressions.reason', 'in', weaker);
    })
    .execute();
}

/** Applies one report. Unknown messages answer no_match (the caller may keep the report). */
export async function applyFeedback(
  db: Db,
  event: FeedbackEvent,
  options: FeedbackOptions,
): Promise<FeedbackResult> {
  const at = options.now.toISOString();
  if (event.kind === 'unsubscribe') {
    // Exactly what the one-click unsubscribe endpoint does (and as idempotent).
    const target = await findTarget(db, event.target);
    const message = target ? await findMessageByToken(db, target.token) : null;
    if (!target || !message) return { outcome: 'no_match' };
    const first = message.unsubscribedAt === null;
    await unsubscribe(db, message, at);
    return first
      ? { outcome: 'applied', messageId: message.id, campaignId: target.campaign_id, paused: false }
      : { outcome: 'duplicate', messageId: message.id };
  }

  return db.transaction().execute(async (trx): Promise<FeedbackResult> => {
    const target = await findTarget(trx, event.target);
    if (!target) return { outcome: 'no_match' };
    const recorded = await trx
      .insertInto('feedback_events')
      .values({
        key: `${event.source}:${event.eventId}:${target.id}`.slice(0, 500),
        message_id: target.id,
        kind: event.kind,
        created_at: at,
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!recorded) return { outcome: 'duplicate', messageId: target.id };

    const code = event.status?.trim().slice(0, MAX_CODE) || null;
    const diagnostic = event.diagnostic?.replace(/\s+/g, ' ').trim().slice(0, MAX_DIAGNOSTIC) || null;
    const suppress = (reason: SuppressionReason) =>
      suppressForSender(trx, {
        scope: target.user_id,
        emailKey: target.email_key,
        reason,
        messageId: target.id,
        campaignId: target.campaign_id,
        at,
      });
    let paused = false;

    if (event.kind === 'hard_bounce') {
      const marked = await trx
        .updateTable('messages')
        .set({ bounced_at: at, bounce_code: code, bounce_diagnostic: diagnostic, updated_at: at })
        .where('id', '=', target.id)
        .where('bounced_at', 'is', null)
        .executeTakeFirst();
      await suppress('hard_bounce');
      if (marked.numUpdatedRows > 0n) {
        // In this transaction: the webhook is raised exactly when the bounce is recorded.
        await emitMessageEvent(trx, {
          messageId: target.id,
          type: 'message.bounced',
          at: options.now,
          data: { bounce_code: code, bounce_diagnostic: diagnostic, source: event.source },
        });
        paused = await pauseOnBounceRate(trx, target.campaign_id, options);
      }
    } else if (event.kind === 'soft_bounce') {
      await trx
        .updateTable('messages')
        .set({
          soft_bounce_count: sql<number>`soft_bounce_count + 1`,
          // A hard bounce already recorded says more than a later soft one.
          bounce_code: sql<string | null>`case when bounced_at is null then ${code} else bounce_code end`,
          bounce_diagnostic: sql<
            string | null
          >`case when bounced_at is null then ${diagnostic} else bounce_diagnostic end`,
          updated_at: at,
        })
        .where('id', '=', target.id)
        .execute();
      if (await softBouncedInARow(trx, target)) await suppress('soft_bounce');
    } else {
      const marked = await trx
        .updateTable('messages')
        .set({ complained_at: at, updated_at: at })
        .where('id', '=', target.id)
        .where('complained_at', 'is', null)
        .executeTakeFirst();
      await suppress('complaint');
      if (marked.numUpdatedRows > 0n) {
        await emitMessageEvent(trx, {
          messageId: target.id,
          type: 'message.complained',
          at: options.now,
          data: { source: event.source },
        });
      }
    }
    return { outcome: 'applied', messageId: target.id, campaignId: target.campaign_id, paused };
  });
}

/** Whether the sender's latest SOFT_BOUNCES_IN_A_ROW delivered messages to the address all soft-bounced. */
async function softBouncedInARow(db: Db, target: Target): Promise<boolean> {
  const latest = await db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select(['messages.soft_bounce_count'])
    .where('messages.email_key', '=', target.email_key)
    .where('campaigns.user_id', '=', target.user_id)
    .where('messages.sent_at', 'is not', null)
    .orderBy('messages.sent_at', 'desc')
    .limit(SOFT_BOUNCES_IN_A_ROW)
    .execute();
  return latest.length === SOFT_BOUNCES_IN_A_ROW && latest.every((row) => row.soft_bounce_count > 0);
}

/**
 * Pauses a sending campaign whose hard-bounce rate passed the limit after its first deliveries,
 * so a stale list cannot burn the sender's domain. Answers whether this call paused it.
 */
export async function pauseOnBounceRate(
  db: Db,
  campaignId: string,
  options: FeedbackOptions,
): Promise<boolean> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('status')
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (campaign?.status !== 'sending') return false;
  // The counters the database keeps (campaign_counts), not a count of the campaign's messages:
  // this runs for every bounce report, and a big campaign's reports come in thousands.
  const figures = await db
    .selectFrom('campaign_counts')
    .select(['total as delivered', 'bounced'])
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  const delivered = Number(figures?.delivered ?? 0);
  const bounced = Number(figures?.bounced ?? 0);
  if (delivered < options.pauseAfter || bounced * 100 <= options.pausePercent * delivered) return false;
  const at = options.now.toISOString();
  const result = await db
    .updateTable('campaigns')
    .set({ status: 'paused', pause_reason: 'bounce_rate', updated_at: at })
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
