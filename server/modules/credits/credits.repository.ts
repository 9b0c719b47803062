import type { BalanceEntry, CreditKind } from '../../../contract/credits.contract.ts';
import type { Db } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

export type LedgerFilter = {
  userId?: string | undefined;
  kind?: CreditKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
};

// Timestamps are stored as UTC ISO text: a bound given with an offset is compared in UTC too.
const utc = (value: string) => new Date(value).toISOString();

/** A ledger row as people read it (owner and actor by name): the balance log's and the statement's. */
export const LEDGER_ENTRY_COLUMNS = [
  'credit_ledger.id',
  'credit_ledger.user_id',
  'owner.username as username',
  'owner.email as email',
  'credit_ledger.amount',
  'credit_ledger.balance_after',
  'credit_ledger.kind',
  'credit_ledger.campaign_id',
  'credit_ledger.order_id',
  'credit_ledger.reason',
  'actor.username as updated_by',
  'credit_ledger.created_at',
] as const;

function filtered(db: Db, filter: LedgerFilter) {
  let query = db
    .selectFrom('credit_ledger')
    .leftJoin('users as owner', 'owner.id', 'credit_ledger.user_id')
    .leftJoin('users as actor', 'actor.id', 'credit_ledger.created_by');
  if (filter.userId) query = query.where('credit_ledger.user_id', '=', filter.userId);
  if (filter.kind) query = query.where('credit_ledger.kind', '=', filter.kind);
  if (filter.from) query = query.where('credit_ledger.created_at', '>=', utc(filter.from));
  if (filter.to) query = query.where('credit_ledger.created_at', '<=', utc(filter.to));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        containsText('owner.username', pattern),
        containsText('owner.email', pattern),
        containsText('credit_ledger.reason', pattern),
      ]),
    );
  }
  return query;
}

/** One page of ledger rows with the names a person reads, newest first unless told otherwise. */
export async function listLedger(
  db: Db,
  filter: LedgerFilter,
  page: { offset: number; limit: number; orderBy: 'created_at' | 'amount'; descending: boolean },
): Promise<{ count: number; results: BalanceEntry[] }> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await filtered(db, filter)
    .select(LEDGER_ENTRY_COLUMNS)
    .orderBy(`credit_ledger.${page.orderBy}`, direction)
    .orderBy('credit_ledger.id', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), results: rows };
}
