import { uuid7 } from '../../lib/uuid7.ts';
import { sql } from 'kysely';
import { isPostgres } from '../../db/create-db.ts';
import type { CreditLedgerRow, Db } from '../../db/schema.ts';

/**
 * The one way credits move. users.quota (granted) and users.used_quota (spent) hold the balance
 * the app reads; every change to them goes through here together with its ledger row, so the
 * caller must pass a transaction when the movement belongs with other writes (a campaign's
 * messages, a refunded message). Each change is a single conditional UPDATE, which the database
 * serialises per user: two campaigns accepted at once can never both spend the last credit.
 */

export class InsufficientCreditError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`Insufficient credit: balance ${balance}, needed ${needed}`);
    this.name = 'InsufficientCreditError';
  }
}

interface Movement {
  userId: string;
  now: string;
}

/** An administrator's top-up (amount > 0) or correction (amount < 0, reason required). */
export async function grantCredits(
  db: Db,
  input: Movement & { amount: number; reason: string | null; createdBy: string | null },
): Promise<CreditLedgerRow> {
  if (!Number.isInteger(input.amount) || input.amount === 0) {
    throw new RangeError('A credit grant is a non-zero whole number');
  }
  if (input.amount < 0 && !input.reason?.trim()) {
    throw new RangeError('A negative adjustment needs a reason');
  }
  const updated = await db
    .updateTable('users')
    .set({ quota: sql`quota + ${input.amount}`, updated_at: input.now })
    .where('id', '=', input.userId)
    .where(sql<boolean>`quota - used_quota + ${input.amount} >= 0`)
    .returning(['quota', 'used_quota'])
    .executeTakeFirst();
  if (!updated) throw await shortfall(db, input.userId, -input.amount);
  return record(db, input, {
    amount: input.amount,
    balance: updated.quota - updated.used_quota,
    kind: input.amount > 0 ? 'grant' : 'adjust',
    campaignId: null,
    reason: input.reason,
    createdBy: input.createdBy,
  });
}

/** Reserves `amount` credits for a campaign; throws InsufficientCreditError and changes nothing otherwise. */
export async function chargeCredits(
  db: Db,
  input: Movement & { amount: number; campaignId: string },
): Promise<CreditLedgerRow | null> {
  if (input.amount === 0) return null;
  const updated = await db
    .updateTable('users')
    .set({ used_quota: sql`used_quota + ${input.amount}`, updated_at: input.now })
    .where('id', '=', input.userId)
    .where(sql<boolean>`quota - used_quota >= ${input.amount}`)
    .returning(['quota', 'used_quota'])
    .executeTakeFirst();
  if (!updated) throw await shortfall(db, input.userId, input.amount);
  return record(db, input, {
    amount: -input.amount,
    balance: updated.quota - updated.used_quota,
    kind: 'charge',
    campaignId: input.campaignId,
    reason: null,
    createdBy: null,
  });
}

/** Gives back credits of messages that were not delivered (5xx, cancelled, skipped). */
export async function refundCredits(
  db: Db,
  input: Movement & { amount: number; campaignId: string; reason: string },
): Promise<CreditLedgerRow | null> {
  if (input.amount === 0) return null;
  const updated = await db
    .updateTable('users')
    .set({ used_quota: sql`used_quota - ${input.amount}`, updated_at: input.now })
    .where('id', '=', input.userId)
    .returning(['quota', 'used_quota'])
    .executeTakeFirstOrThrow();
  return record(db, input, {
    amount: input.amount,
    balance: updated.quota - updated.used_quota,
    kind: 'refund',
    campaignId: input.campaignId,
    reason: input.reason,
    createdBy: null,
  });
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.quota - row.used_quota : 0;
}

async function shortfall(db: Db, userId: string, needed: number): Promise<InsufficientCreditError> {
  return new InsufficientCreditError(await balanceOf(db, userId), needed);
}

async function record(
  db: Db,
  input: Movement,
  entry: {
    amount: number;
    balance: number;
    kind: CreditLedgerRow['kind'];
    campaignId: string | null;
    orderId?: string | null;
    reason: string | null;
    createdBy: string | null;
  },
): Promise<CreditLedgerRow> {
  const row: CreditLedgerRow = {
    // Time-ordered: rows of one millisecond keep their order, which the statement's running
    // balance (statement.repository.ts) follows.
    id: uuid7(),
    user_id: input.userId,
    amount: entry.amount,
    balance_after: entry.balance,
    kind: entry.kind,
    campaign_id: entry.campaignId,
    order_id: entry.orderId ?? null,
    reason: entry.reason,
    created_by: entry.createdBy,
    created_at: input.now,
  };
  await db.insertInto('credit_ledger').values(row).execute();
  // Credit came in: the credit alert re-arms once the balance is back at or above its threshold.
  if (entry.amount > 0) await rearmCreditAlert(db, input.userId);
  return row;
}

async function rearmCreditAlert(db: Db, userId: string) {
  await db
    .updateTable('users')
    .set({ credit_alert_sent_at: null })
    .where('id', '=', userId)
    .where('credit_alert_sent_at', 'is not', null)
    .where(sql<boolean>`quota - used_quota >= credit_alert_threshold`)
    .execute();
}

/**
 * The credits of a paid recharge order. Call it in the transaction that marks the order paid:
 * the ledger's unique (order_id, kind) index refuses a second grant for the same order.
 */
export async function purchaseCredits(
  db: Db,
  input: Movement & { amount: number; orderId: string },
): Promise<CreditLedgerRow> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new RangeError('A purchase is a positive whole number of credits');
  }
  const updated = await db
    .updateTable('users')
    .set({ quota: sql`quota + ${input.amount}`, updated_at: input.now })
    .where('id', '=', input.userId)
    .returning(['quota', 'used_quota'])
    .executeTakeFirstOrThrow();
  return record(db, input, {
    amount: input.amount,
    balance: updated.quota - updated.used_quota,
    kind: 'grant',
    campaignId: null,
    orderId: input.orderId,
    reason: null,
    createdBy: null,
  });
}

/**
 * Takes back a refunded order's credits, never below zero: as many of `amount` as the balance
 * holds. Answers how many were taken. Call it in the transaction that marks the order refunded.
 */
export async function takeBackCredits(
  db: Db,
  input: Movement & { amount: number; orderId: string; reason: string; createdBy: string | null },
): Promise<number> {
  const current = isPostgres(db)
    ? await db
        .selectFrom('users')
        .select(['quota', 'used_quota'])
        .where('id', '=', input.userId)
        .forUpdate()
        .executeTakeFirst()
    : await db
        .selectFrom('users')
        .select(['quota', 'used_quota'])
        .where('id', '=', input.userId)
        .executeTakeFirst();
  if (!current) return 0;
  const taken = Math.max(0, Math.min(input.amount, current.quota - current.used_quota));
  if (taken === 0) return 0;
  const updated = await db
    .updateTable('users')
    .set({ quota: sql`quota - ${taken}`, updated_at: input.now })
    .where('id', '=', input.userId)
    .where(sql<boolean>`quota - used_quota >= ${taken}`)
    .returning(['quota', 'used_quota'])
    .executeTakeFirst();
  if (!updated) throw await shortfall(db, input.userId, taken);
  await record(db, input, {
    amount: -taken,
    balance: updated.quota - updated.used_quota,
    kind: 'adjust',
    campaignId: null,
    orderId: input.orderId,
    reason: input.reason,
    createdBy: input.createdBy,
  });
  return taken;
}
