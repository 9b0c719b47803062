import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FeedbackConfig } from '../../config.ts';
import type { Db, SuppressionReason } from '../../db/schema.ts';
import { findMessageByToken, unsubscribe } from '../../modules/public-pages/recipient-pages.repository.ts';
import { emitMessageEvent } from '../../modules/webhooks/message-events.ts';
import { classifyStoredBounce, enhancedStatus } from './classify.ts';
import { decideReason, type BounceReason, type BounceType } from './reasons.ts';

/**
 * Bounces, complaints and mailed unsubscribes that come back after a message was delivered,
 * from any source (the inbound SMTP receiver, Amazon SES through SNS, SendGrid's event webhook),
 * applied by one set of rules:
 *
 * - every bounce carries its reason (Sisimai's vocabulary, reasons.ts) and its type: `hard` only
 *   for an address fault (userunknown, hostunknown, hasmoved, notaccept), `sender` for the
 *   sender-side failures (DMARC, blocklists, content), `soft` for the rest;
 * - a hard bounce marks the message bounced (code, diagnostic, type and reason kept) and
 *   suppresses the address for the campaign's sender (`hard_bounce`);
 * - a soft or sender-side bounce is counted on the message and never marks it bounced, so it
 *   never counts toward the bounce-rate pause; only for the mailbox-state reasons (mailboxfull,
 *   suspend, filtered, exceedlimit), when the sender's three latest delivered messages to the
 *   address all soft-bounced ("three in a row"), the address is suppressed (`soft_bounce`);
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
  /** The bounce's reason; when absent it is read from the status and diagnostic (webhooks). */
  reason?: BounceReason | null;
  /** The type the reader decided with the reason (it saw the whole report); else derived. */
  bounceType?: BounceType | null;
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
    bounceReason?: string | null;
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
      bounce_reason: input.bounceReason ?? null,
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
          bounce_reason: input.bounceReason ?? null,
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
    const bounce = event.kind === 'hard_bounce' || event.kind === 'soft_bounce' ? bounceOfEvent(event) : null;
    const suppress = (reason: SuppressionReason) =>
      suppressForSender(trx, {
        scope: target.user_id,
        emailKey: target.email_key,
        reason,
        messageId: target.id,
        campaignId: target.campaign_id,
        bounceReason: bounce?.reason ?? null,
        at,
      });
    let paused = false;

    if (bounce?.type === 'hard') {
      const marked = await trx
        .updateTable('messages')
        .set({
          bounced_at: at,
          bounce_code: code,
          bounce_diagnostic: diagnostic,
          bounce_type: 'hard',
          bounce_reason: bounce.reason,
          updated_at: at,
        })
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
          data: {
            bounce_code: code,
            bounce_diagnostic: diagnostic,
            bounce_type: 'hard',
            bounce_reason: bounce.reason,
            source: event.source,
          },
        });
        paused = await pauseOnBounceRate(trx, target.campaign_id, options);
      }
    } else if (bounce) {
      const softened = await trx
        .updateTable('messages')
        .set({
          soft_bounce_count: sql<number>`soft_bounce_count + 1`,
          // A hard bounce already recorded says more than a later soft one.
          bounce_code: sql<string | null>`case when bounced_at is null then ${code} else bounce_code end`,
          bounce_diagnostic: sql<
            string | null
          >`case when bounced_at is null then ${diagnostic} else bounce_diagnostic end`,
          bounce_type: sql<BounceType | null>`case when bounced_at is null then ${bounce.type} else bounce_type end`,
          bounce_reason: sql<
            string | null
          >`case when bounced_at is null then ${bounce.reason} else bounce_reason end`,
          updated_at: at,
        })
        .where('id', '=', target.id)
        .returning(['bounced_at', 'soft_bounce_count'])
        .executeTakeFirst();
      // Raised for every soft bounce recorded (a message may come back soft several times); not
      // once a hard bounce was recorded, which says more. message.bounced stays hard-only, so a
      // receiver that drops addresses on it never drops one for a full mailbox.
      if (softened && softened.bounced_at === null)
        await emitMessageEvent(trx, {
          messageId: target.id,
          type: bounce.type === 'sender' ? 'message.sender_failure' : 'message.soft_bounced',
          at: options.now,
          data: {
            bounce_code: code,
            bounce_diagnostic: diagnostic,
            bounce_type: bounce.type,
            bounce_reason: bounce.reason,
            soft_bounce_count: Number(softened.soft_bounce_count),
            source: event.source,
          },
        });
      // Only a mailbox's own state (full, suspended, filtering) repeated three times says the
      // address is not worth mailing; a sender-side failure never says anything about it.
      if (bounce.countsInARow && (await softBouncedInARow(trx, target))) await suppress('soft_bounce');
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

/**
 * The reason, type and in-a-row rule of a bounce event: the reason it brings (the inbound
 * receiver's reading) or one read from its status and diagnostic (provider webhooks). A provider
 * calling a bounce "permanent" does not make it an address fault: DMARC and blocklist rejections
 * are permanent too.
 */
export function bounceOfEvent(
  event: Pick<FeedbackEvent, 'kind' | 'status' | 'diagnostic' | 'reason' | 'bounceType'>,
): {
  reason: BounceReason;
  type: BounceType;
  countsInARow: boolean;
} {
  const diagnostic = event.diagnostic ?? '';
  const status = enhancedStatus(event.status) ?? enhancedStatus(diagnostic);
  const reason =
    event.reason ??
    classifyStoredBounce({ status: event.status, diagnostic, temporary: event.kind === 'soft_bounce' });
  const temporary = event.kind === 'soft_bounce' || /^4/.test(status ?? '');
  const decided = decideReason(reason, temporary);
  const type = event.reason && event.bounceType ? event.bounceType : (decided.bounceType ?? 'soft');
  return { reason, type, countsInARow: decideReason(reason, true).countsInARow };
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
