import type { SendingConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { refundCredits } from '../modules/credits/ledger.ts';
import { emitEvents } from '../modules/webhooks/events.ts';
import * as queue from './queue.repository.ts';
import type { SendOutcome } from './transport.ts';

/**
 * What the dispatcher does with a batch of SMTP outcomes: deliveries in one statement, temporary
 * failures back to the queue with back-off (or failed once out of attempts), permanent failures
 * failed with their credit refunded and, for unknown users, the address suppressed, all of the
 * latter in one transaction so a refund can never be written without its failure or twice.
 */
export type Result = {
  id: string;
  email: string;
  campaignId: string;
  /** The campaign's owner, who gets the refund. */
  userId: string;
  /** Attempts before this one. */
  attempts: number;
  /** The claim's generation: the write is conditional on it (queue.repository.ts). */
  generation: number;
  outcome: SendOutcome;
};

const MAX_BACKOFF_MS = 6 * 3600_000;

/** Back-off before attempt `attempts + 1`: retrySeconds, doubling per attempt, at most six hours. */
export function retryDelayMs(retrySeconds: number, attemptsSoFar: number): number {
  return Math.min(retrySeconds * 1000 * 2 ** Math.max(0, attemptsSoFar - 1), MAX_BACKOFF_MS);
}

export async function writeResults(
  db: Db,
  results: Result[],
  input: { owner: string; now: Date; sending: Pick<SendingConfig, 'maxAttempts' | 'retrySeconds'> },
): Promise<void> {
  const { owner, now, sending } = input;
  const sent = results.flatMap((r) =>
    r.outcome.kind === 'sent'
      ? [{ id: r.id, generation: r.generation, response: r.outcome.response, messageId: r.outcome.messageId }]
      : [],
  );
  if (sent.length > 0) {
    // The sent webhook events are written with the sent status: both or neither.
    await db.transaction().execute(async (trx) => {
      const marked = new Set(await queue.markSent(trx, { owner, now, rows: sent }));
      await emitEvents(
        trx,
        results
          .filter((r) => marked.has(r.id))
          .map((r) => ({
            userId: r.userId,
            type: 'message.sent' as const,
            at: now,
            data: {
              message_id: r.id,
              campaign_id: r.campaignId,
              email: r.email,
              sent_at: now.toISOString(),
            },
          })),
      );
    });
  }
  const final: Result[] = [];
  for (const result of results) {
    if (result.outcome.kind === 'sent') continue;
    const attempts = result.attempts + 1;
    if (result.outcome.kind === 'permanent' || attempts >= sending.maxAttempts) {
      final.push(result);
      continue;
    }
    const retryAt = new Date(now.getTime() + retryDelayMs(sending.retrySeconds, attempts));
    await queue.markRetry(db, {
      owner,
      now,
      id: result.id,
      generation: result.generation,
      response: result.outcome.response,
      retryAt,
    });
  }
  if (final.length > 0) await failForGood(db, final, { owner, now });
}

async function failForGood(db: Db, results: Result[], input: { owner: string; now: Date }): Promise<void> {
  const byId = new Map(results.map((result) => [result.id, result]));
  await db.transaction().execute(async (trx) => {
    const failed = await queue.markFailed(trx, {
      owner: input.owner,
      now: input.now,
      rows: results.map((r) => ({
        id: r.id,
        generation: r.generation,
        response: r.outcome.kind === 'sent' ? '' : r.outcome.response,
      })),
    });
    await emitEvents(
      trx,
      failed.flatMap((row) => {
        const result = byId.get(row.id);
        if (!result || !result.userId) return [];
        return [
          {
            userId: result.userId,
            type: 'message.failed' as const,
            at: input.now,
            data: {
              message_id: row.id,
              campaign_id: row.campaign_id,
              email: result.email,
              response: result.outcome.kind === 'sent' ? '' : result.outcome.response,
            },
          },
        ];
      }),
    );
    const refunds = new Map<string, { userId: string; amount: number }>();
    for (const row of failed) {
      const result = byId.get(row.id);
      if (!result) continue;
      if (row.charged === 1) {
        const entry = refunds.get(row.campaign_id) ?? { userId: result.userId, amount: 0 };
        entry.amount += 1;
        refunds.set(row.campaign_id, entry);
      }
      if (result.outcome.kind === 'permanent' && result.outcome.userUnknown) {
        await queue.suppressHardBounce(trx, { email: result.email, messageId: result.id, now: input.now });
      }
    }
    for (const [campaignId, { userId, amount }] of refunds) {
      // Unknown only when the campaign could not even be loaded for composing.
      const owner =
        userId ||
        (
          await trx
            .selectFrom('campaigns')
            .select('user_id')
            .where('id', '=', campaignId)
            .executeTakeFirstOrThrow()
        ).user_id;
      await refundCredits(trx, {
        userId: owner,
        amount,
        campaignId,
        reason: 'delivery_failed',
        now: input.now.toISOString(),
      });
    }
  });
}
