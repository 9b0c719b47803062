import { randomUUID } from 'node:crypto';
import type { User } from '../../../contract/auth.contract.ts';
import { emailKey } from '../../../contract/email.contract.ts';
import { errorCodes, validationKeys } from '../../../contract/errors.contract.ts';
import type { CampaignState, SendCheck } from '../../../contract/send.contract.ts';
import type { CampaignRow, CampaignStatus, Db } from '../../db/schema.ts';
import { garbageCounter } from '../../lib/heap.ts';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.ts';
import type { QueueSignal } from '../../mail/queue-signal.ts';
import { balanceOf, chargeCredits, InsufficientCreditError, refundCredits } from '../credits/ledger.ts';
import { allowedFromAddresses } from '../senders/senders.service.ts';
import { markUploadsUsed } from '../uploads/uploads.repository.ts';
import * as repo from './campaigns.repository.ts';
import { recipientChunks } from './recipient-source.ts';
import { planSend, type PlanSummary, type SendInput, type SendPlan } from './send-plan.ts';

export const insufficientCredit = (error: InsufficientCreditError) =>
  new HttpError(402, errorCodes.insufficientCredit, 'Not enough credit for this send', undefined, undefined, {
    balance: error.balance,
    needed: error.needed,
  });

const missingAttachments = (summary: PlanSummary) =>
  new HttpError(
    400,
    errorCodes.missingAttachments,
    'Some recipients have no file in the zips',
    { missing_attachments: validationKeys.required },
    undefined,
    { missing_attachments_count: summary.missingCount, missing_attachments: summary.missing },
  );

/** The from address must be one of the sender's own; answers it as the sender's record spells it. */
export async function checkFrom(db: Db, user: User, fromEmail: string): Promise<string> {
  const allowed = await allowedFromAddresses(db, user);
  const match = allowed.find((address) => emailKey(address) === emailKey(fromEmail));
  if (!match) throw validationFailed({ from_email: validationKeys.fromNotAllowed });
  return match;
}

function scheduledTime(input: SendInput, now: Date): string | null {
  if (!input.scheduled_at) return null;
  const at = new Date(input.scheduled_at);
  if (at.getTime() <= now.getTime()) throw validationFailed({ scheduled_at: validationKeys.scheduledInPast });
  return at.toISOString();
}

async function prepare(db: Db, user: User, input: SendInput, now: Date) {
  const fromEmail = await checkFrom(db, user, input.from_email);
  const scheduledAt = scheduledTime(input, now);
  const plan = await planSend(db, user.id, input, now);
  return { fromEmail, scheduledAt, plan };
}

/** What accepting the send would do; reads only. */
export async function checkSend(db: Db, user: User, input: SendInput, now: Date): Promise<SendCheck> {
  const { plan } = await prepare(db, user, input, now);
  for await (const chunk of recipientChunks(db, user.id, input.source)) await plan.classify(chunk);
  const { summary } = plan;
  return {
    recipients_count: summary.recipients,
    blocked_count: summary.blocked,
    cost: summary.charged,
    balance: await balanceOf(db, user.id),
    missing_attachments_count: summary.missingCount,
    missing_attachments: summary.missing,
    variables: [...summary.variableMissing].map(([name, missing_count]) => ({ name, missing_count })),
    sample: summary.sample,
  };
}

/**
 * Accepts a send in one transaction: the campaign, one message per unique recipient (written
 * chunk by chunk, never the whole list in memory), the credit charge and the uploads it takes.
 * Any refusal (not enough credit, missing files without a decision) rolls everything back.
 * Once committed, a campaign that sends now raises `queue` so this process's dispatcher starts
 * at once rather than at its next poll.
 */
export async function acceptSend(db: Db, user: User, input: SendInput, now: Date, queue?: QueueSignal) {
  const stamp = now.toISOString();
  const id = randomUUID();
  const garbage = garbageCounter();
  try {
    const accepted = await db.transaction().execute(async (trx) => {
      const { fromEmail, scheduledAt, plan } = await prepare(trx, user, input, now);
      const status: CampaignStatus = scheduledAt ? 'scheduled' : 'sending';
      await repo.insertCampaign(
        trx,
        campaignRow(id, user, input, plan, { fromEmail, scheduledAt, status, stamp }),
      );
      await writeMessages(
        trx,
        user,
        input,
        plan,
        (payload) => repo.insertMessages(trx, id, payload, scheduledAt ?? stamp, stamp),
        garbage,
      );
      const { summary } = plan;
      if (summary.missingCount > 0 && !input.missing_attachments) throw missingAttachments(summary);
      if (summary.recipients === 0) throw validationFailed({ source: validationKeys.noRecipients });
      await chargeCredits(trx, { userId: user.id, now: stamp, amount: summary.charged, campaignId: id });
      // Every recipient blocked: nothing is left to send, so the campaign ends here.
      const finalStatus: CampaignStatus = summary.charged === 0 ? 'completed' : status;
      await trx
        .updateTable('campaigns')
        .set({
          recipients_count: summary.recipients,
          status: finalStatus,
          ...(finalStatus === 'completed' ? { finished_at: stamp } : {}),
        })
        .where('id', '=', id)
        .execute();
      const { attachments } = plan;
      await markUploadsUsed(
        trx,
        [...attachments.zips, attachments.attachment, attachments.image].filter((upload) => upload !== null),
        id,
      );
      return { id, status: finalStatus, recipients_count: summary.recipients };
    });
    if (accepted.status === 'sending') queue?.notify();
    return accepted;
  } catch (error) {
    if (error instanceof InsufficientCreditError) throw insufficientCredit(error);
    throw error;
  } finally {
    garbage.finish();
  }
}

/**
 * Classifies and writes the recipients chunk by chunk, each chunk's rows built while the
 * database stores the previous one. The statements of one transaction run in the order they are
 * sent, so the next chunk's reads (the recipients, who is suppressed) go before this chunk's
 * insert, and the JavaScript of the next chunk runs during it: on PostgreSQL the two took turns
 * before (the inserts are about half of accepting 100k there; docs/sending-engine.md).
 */
async function writeMessages(
  trx: Db,
  user: User,
  input: SendInput,
  plan: SendPlan,
  insert: (payload: string) => Promise<void>,
  garbage: ReturnType<typeof garbageCounter>,
): Promise<void> {
  const chunks = recipientChunks(trx, user.id, input.source)[Symbol.asyncIterator]();
  const fetchNext = async () => {
    const next = await chunks.next();
    return next.done ? null : { chunk: next.value, suppressed: await plan.suppressedIn(next.value) };
  };
  let seq = 1;
  let inserting: Promise<void> = Promise.resolve();
  let current = await fetchNext();
  while (current) {
    const rows = plan.classifyWith(current.chunk, current.suppressed);
    const payload = rows.length > 0 ? repo.messagesPayload(rows, seq) : null;
    seq += rows.length;
    garbage.add(rows.length);
    let next: Awaited<ReturnType<typeof fetchNext>>;
    try {
      next = await fetchNext();
    } catch (error) {
      // A failed insert aborts the transaction and fails the reads behind it: its error says why.
      await inserting;
      throw error;
    }
    await inserting;
    if (payload !== null) {
      inserting = insert(payload);
      // Awaited on the next turn or above; until then its failure must not count as unhandled.
      inserting.catch(() => {});
    }
    current = next;
  }
  await inserting;
}

/** The campaign row a send makes (a test send composes from one it never stores). */
export function campaignRow(
  id: string,
  user: User,
  input: SendInput,
  plan: SendPlan,
  at: { fromEmail: string; scheduledAt: string | null; status: CampaignStatus; stamp: string },
): CampaignRow {
  const source = input.source;
  return {
    id,
    user_id: user.id,
    subject: input.subject,
    html: plan.html,
    template_id: input.template_id ?? null,
    from_email: at.fromEmail,
    sender_name: input.sender_name,
    source_type: source.type,
    source_ref:
      source.type === 'lists' || source.type === 'groups'
        ? JSON.stringify({ ids: source.ids })
        : source.type === 'rows'
          ? JSON.stringify({ rows: source.rows.length })
          : null,
    survey: input.survey ? JSON.stringify(input.survey) : null,
    attachments: JSON.stringify(plan.attachments),
    missing_attachments: input.missing_attachments ?? null,
    reply_to: input.reply_to ?? null,
    name: input.name || null,
    track_clicks: input.track_clicks ? 1 : 0,
    language: input.language,
    status: at.status,
    scheduled_at: at.scheduledAt,
    started_at: at.status === 'sending' ? at.stamp : null,
    late_seconds: null,
    finished_at: null,
    recipients_count: 0,
    pause_reason: null,
    created_at: at.stamp,
    updated_at: at.stamp,
  };
}

/** The caller's campaign (any campaign for an administrator); another's id is simply not found. */
export async function ownCampaign(db: Db, user: User, id: string): Promise<CampaignRow> {
  const row = await repo.findCampaign(db, id);
  if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Campaign');
  return row;
}

export async function campaignState(db: Db, row: CampaignRow): Promise<CampaignState> {
  return {
    id: row.id,
    status: row.status,
    recipients_count: row.recipients_count,
    counts: await repo.countByStatus(db, row.id),
    scheduled_at: row.scheduled_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

const cannot = () => new HttpError(409, errorCodes.campaignState, 'The campaign cannot do this in its state');

const TRANSITIONS = {
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
} as const satisfies Record<string, { from: CampaignStatus[]; to: CampaignStatus }>;

/** A resumed campaign raises `queue`, like an accepted one. */
export async function changeCampaign(
  db: Db,
  user: User,
  id: string,
  action: 'pause' | 'resume',
  now: Date,
  queue?: QueueSignal,
) {
  const row = await ownCampaign(db, user, id);
  const { from, to } = TRANSITIONS[action];
  if (!(await repo.transitionCampaign(db, row.id, [...from], to, now.toISOString()))) throw cannot();
  if (to === 'sending') queue?.notify();
  return campaignState(db, (await repo.findCampaign(db, row.id))!);
}

/** Cancels the campaign and gives back the credit of every message not yet sent, atomically. */
export async function cancelCampaign(db: Db, user: User, id: string, now: Date) {
  const row = await ownCampaign(db, user, id);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const moved = await repo.transitionCampaign(
      trx,
      row.id,
      ['scheduled', 'sending', 'paused'],
      'cancelled',
      stamp,
      {
        finished_at: stamp,
      },
    );
    if (!moved) throw cannot();
    const refunded = await repo.cancelQueuedMessages(trx, row.id, stamp);
    await refundCredits(trx, {
      userId: row.user_id,
      now: stamp,
      amount: refunded,
      campaignId: row.id,
      reason: 'cancelled',
    });
  });
  return campaignState(db, (await repo.findCampaign(db, row.id))!);
}
