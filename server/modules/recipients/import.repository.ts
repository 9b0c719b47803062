import { sql } from 'kysely';
import type { CheckedRow } from '../../../contract/recipient-import.ts';
import { isPostgres } from '../../db/create-db.ts';
import type { Db } from '../../db/schema.ts';
import { parseExtra, type columnsOf } from './recipients.repository.ts';

/**
 * The two statements an import chunk needs, each sent once per chunk whatever its size. The rows
 * travel as one value per column (PostgreSQL arrays through unnest) or one JSON array (SQLite's
 * json_each) instead of thousands of bound parameters: one short statement text to parse and plan,
 * and no per-engine limit on parameters to split around.
 */

export type StoredRow = { id: string } & ReturnType<typeof columnsOf>;

/** The columns an import writes, in the order the SQL below lists them. */
const written = [
  'id',
  'email',
  'email_key',
  'name',
  'job_title',
  'phone',
  'organization',
  'country',
  'attachment',
  'extra',
  'search_text',
] as const satisfies readonly (keyof StoredRow)[];

/** The fields of the rows the list already holds for these e-mail keys, by key. */
export async function findStored(
  trx: Db,
  listId: string,
  keys: readonly string[],
): Promise<Map<string, CheckedRow>> {
  const inKeys = isPostgres(trx)
    ? sql<boolean>`email_key = any(${keys}::text[])`
    : sql<boolean>`email_key in (select value from json_each(${JSON.stringify(keys)}))`;
  const rows = await trx
    .selectFrom('recipients')
    .select([
      'email_key',
      'email',
      'name',
      'job_title',
      'phone',
      'organization',
      'country',
      'attachment',
      'extra',
    ])
    .where('list_id', '=', listId)
    .where(inKeys)
    .execute();
  return new Map(
    rows.map(({ email_key, extra, ...fields }) => [email_key, { ...fields, extra: parseExtra(extra) }]),
  );
}

/**
 * Inserts the rows, or updates the row the list already holds for the same e-mail key. An updated
 * row keeps its id and created_at, so its place in the list's order does not move.
 */
export async function upsertRecipients(
  trx: Db,
  list: { id: string; owner_id: string },
  rows: readonly StoredRow[],
  at: string,
): Promise<void> {
  const columns = sql.join(written.map((column) => sql.ref(column)));
  const source = isPostgres(trx)
    ? sql`select * from unnest(${sql.join(written.map((column) => sql`${rows.map((row) => row[column])}::text[]`))})`
    : sql`select ${sql.join(written.map((_, index) => sql`value ->> ${sql.lit(index)}`))}
          from json_each(${JSON.stringify(rows.map((row) => written.map((column) => row[column])))})`;
  const updated = written.filter((column) => column !== 'id' && column !== 'email_key');
  await sql`
    insert into recipients (${columns}, list_id, owner_id, created_at, updated_at)
    select v.*, ${list.id}, ${list.owner_id}, ${at}, ${at} from (${source}) as v
    where true -- without a where, SQLite would read the "on" below as the join constraint of "from v"
    on conflict (list_id, email_key) do update set
      ${sql.join(updated.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`))},
      updated_at = excluded.updated_at`.execute(trx);
}

/**
 * PostgreSQL only: keeps the recipients table's upkeep in step with a big import, as autovacuum
 * would within a minute or so.
 * - Planner statistics, once the table has changed by more than its size since they were taken
 *   (a few times while a table grows to 100k, then rarely). Without them, searches and deep pages
 *   right after a big first import ran on plans made for an empty table (300 ms instead of 10).
 * - A vacuum once a fifth of the table was inserted since the last one: it marks the new pages
 *   all-visible, so a deep page reads its ids from the index alone instead of checking each row
 *   in the table (page 1,000 of 100k: 75 ms -> 15 ms). The visibility map lets each vacuum skip
 *   the pages an earlier one marked, so together they cost about one pass over the table.
 * SKIP_LOCKED: when another process is already at it, this one does not wait. The counter of
 * inserts since the last vacuum is read through to_jsonb so a PostgreSQL without it (before 13)
 * simply never vacuums here.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ stale: boolean; unvacuumed: boolean | null }>`
    select s.n_mod_since_analyze > greatest(1000, c.reltuples) as stale,
      (to_jsonb(s) ->> 'n_ins_since_vacuum')::bigint > greatest(1000, c.reltuples * 0.2) as unvacuumed
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.oid = 'recipients'::regclass`.execute(db);
  if (rows[0]?.unvacuumed) await sql`vacuum (analyze, skip_locked) recipients`.execute(db);
  else if (rows[0]?.stale) await sql`analyze (skip_locked) recipients`.execute(db);
}
