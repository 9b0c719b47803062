import { sql, type ExpressionBuilder } from 'kysely';
import {
  statementTypeOf,
  type CreditKind,
  type StatementEntry,
  type StatementType,
} from '../../../contract/credits.contract.ts';
import type { Database, Db } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';
import { LEDGER_ENTRY_COLUMNS } from './credits.repository.ts';

/**
 * One user's account statement (issue 19). Every line carries the account's running balance,
 * computed here over the user's whole ledger in chronological order (created_at, then the
 * time-ordered id), so it is the same on every page and under every filter.
 *
 * The running balance starts from what the account held before its first ledger row (that row's
 * balance_after minus its amount: 0 for every account made since the ledger exists) and adds each
 * movement in turn. It is derived from the amounts, not copied from balance_after, so a movement
 * that changed the balance without its ledger row would show as a final line that disagrees with
 * the user's balance (tests/server/statement.test.ts checks they agree).
 */
export type StatementFilter = {
  userId: string;
  kind?: CreditKind | undefined;
  type?: StatementType | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
};

// Timestamps are stored as UTC ISO text: a bound given with an offset is compared in UTC too.
const utc = (value: string) => new Date(value).toISOString();

const CHRONOLOGICAL = sql`order by credit_ledger.created_at, credit_ledger.id`;

/** The user's ledger with the running balance of each row, before any filter. */
function withRunningBalance(db: Db, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .selectAll('credit_ledger')
    .select(
      sql<number>`cast(
        first_value(credit_ledger.balance_after - credit_ledger.amount) over (${CHRONOLOGICAL})
        + sum(credit_ledger.amount) over (${CHRONOLOGICAL} rows between unbounded preceding and current row)
        as bigint)`.as('running_balance'),
    )
    .where('credit_ledger.user_id', '=', userId);
}

type LedgerRef = ExpressionBuilder<Database, 'credit_ledger'>;

/** The statement type as ledger conditions (statementTypeOf in reverse). */
function typeCondition(eb: LedgerRef, type: StatementType) {
  const fromOrder = eb('credit_ledger.order_id', 'is not', null);
  const notFromOrder = eb('credit_ledger.order_id', 'is', null);
  switch (type) {
    case 'topup':
      return eb.and([eb('credit_ledger.kind', '=', 'grant'), notFromOrder]);
    case 'purchase':
      return eb.and([eb('credit_ledger.kind', '=', 'grant'), fromOrder]);
    case 'adjust':
      return eb.and([eb('credit_ledger.kind', '=', 'adjust'), notFromOrder]);
    case 'order_refund':
      return eb.and([eb('credit_ledger.kind', '=', 'adjust'), fromOrder]);
    case 'send':
      return eb('credit_ledger.kind', '=', 'charge');
    case 'send_refund':
      return eb('credit_ledger.kind', '=', 'refund');
  }
}

/** The user's ledger rows matching the filter (without the running balance: for totals). */
function filteredLedger(db: Db, filter: StatementFilter) {
  return db
    .selectFrom('credit_ledger')
    .where('credit_ledger.user_id', '=', filter.userId)
    .$call((query) => applyFilter(query, filter));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both the table and the derived table
function applyFilter<Q extends { where: (...args: any[]) => Q }>(query: Q, filter: StatementFilter): Q {
  let out = query;
  if (filter.kind) out = out.where('credit_ledger.kind', '=', filter.kind);
  if (filter.type) {
    const type = filter.type;
    out = out.where((eb: LedgerRef) => typeCondition(eb, type));
  }
  if (filter.from) out = out.where('credit_ledger.created_at', '>=', utc(filter.from));
  if (filter.to) out = out.where('credit_ledger.created_at', '<=', utc(filter.to));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    out = out.where(() => containsText('credit_ledger.reason', pattern));
  }
  return out;
}

function statementRows(db: Db, filter: StatementFilter) {
  return db
    .selectFrom(withRunningBalance(db, filter.userId).as('credit_ledger'))
    .leftJoin('users as owner', 'owner.id', 'credit_ledger.user_id')
    .leftJoin('users as actor', 'actor.id', 'credit_ledger.created_by')
    .$call((query) => applyFilter(query, filter));
}

export type StatementPage = {
  offset: number;
  limit: number;
  orderBy: 'created_at' | 'amount';
  descending: boolean;
};

/** One page of the statement, newest first unless told otherwise. */
export async function listStatement(
  db: Db,
  filter: StatementFilter,
  page: StatementPage,
): Promise<{ count: number; results: StatementEntry[] }> {
  const { count } = await filteredLedger(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await statementRows(db, filter)
    .select([...LEDGER_ENTRY_COLUMNS, 'credit_ledger.running_balance'])
    .orderBy(`credit_ledger.${page.orderBy}`, direction)
    .orderBy('credit_ledger.id', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return {
    count: Number(count),
    results: rows.map((row) => ({
      ...row,
      amount: Number(row.amount),
      balance_after: Number(row.balance_after),
      running_balance: Number(row.running_balance),
      type: statementTypeOf(row),
    })),
  };
}

/** What the account held before its first ledger row (see the note at the top). */
async function openingOfLedger(db: Db, userId: string): Promise<number | null> {
  const first = await db
    .selectFrom('credit_ledger')
    .select(['amount', 'balance_after'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return first ? Number(first.balance_after) - Number(first.amount) : null;
}

async function sumBefore(db: Db, userId: string, bound: { before?: string; upTo?: string }) {
  let query = db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId);
  if (bound.before) query = query.where('created_at', '<', utc(bound.before));
  if (bound.upTo) query = query.where('created_at', '<=', utc(bound.upTo));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Totals of the filtered statement, and the balance at both ends of its date range. */
export async function summarizeStatement(db: Db, filter: StatementFilter) {
  const totals = await filteredLedger(db, filter)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn
        .coalesce(
          eb.fn.sum<number | string>(eb.case().when('amount', '>', 0).then(eb.ref('amount')).else(0).end()),
          eb.lit(0),
        )
        .as('credits_in'),
      eb.fn
        .coalesce(
          eb.fn.sum<number | string>(eb.case().when('amount', '<', 0).then(eb.ref('amount')).else(0).end()),
          eb.lit(0),
        )
        .as('credits_out'),
    ])
    .executeTakeFirstOrThrow();
  const owner = await db
    .selectFrom('users')
    .select(['id', 'username', 'quota', 'used_quota'])
    .where('id', '=', filter.userId)
    .executeTakeFirst();
  const balance = owner ? Number(owner.quota) - Number(owner.used_quota) : 0;
  const opening = await openingOfLedger(db, filter.userId);
  // Without any ledger row, the balance is all the account ever had.
  const start = opening ?? balance;
  const creditsIn = Number(totals.credits_in);
  const creditsOut = -Number(totals.credits_out);
  return {
    user: { id: filter.userId, username: owner?.username ?? null, balance },
    count: Number(totals.count),
    credits_in: creditsIn,
    credits_out: creditsOut,
    net: creditsIn - creditsOut,
    opening_balance: filter.from
      ? start + (await sumBefore(db, filter.userId, { before: filter.from }))
      : start,
    closing_balance: filter.to
      ? start + (await sumBefore(db, filter.userId, { upTo: filter.to }))
      : start + (await sumBefore(db, filter.userId, {})),
  };
}
