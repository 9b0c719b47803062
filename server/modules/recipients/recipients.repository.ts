import type { CheckedRow } from '../../../contract/recipient-import.ts';
import { sql } from 'kysely';
import { emailKey } from '../../../contract/email.contract.ts';
import { offsetOf, type ListQuery } from '../../../contract/list.contract.ts';
import type { ExtraField, Recipient } from '../../../contract/recipients.contract.ts';
import { isPostgres } from '../../db/create-db.ts';
import type { Db, RecipientRow } from '../../db/schema.ts';
import { boundedCount } from '../../lib/bounded-count.ts';
import { uuid7 } from '../../lib/uuid7.ts';
import { containsLowerText, containsPattern } from '../../lib/search.ts';

/** A recipient's fields as the import checks them (contract/recipient-import.ts). */
export type RecipientFields = CheckedRow;

/** The one lower-cased text the search LIKE runs over (JavaScript folds every script's case). */
export const searchTextOf = (fields: Omit<RecipientFields, 'extra' | 'attachment'>) =>
  [emailKey(fields.email), fields.name, fields.job_title, fields.phone, fields.organization, fields.country]
    .join(' ')
    .toLowerCase();

/** The stored columns for a recipient's fields. */
export function columnsOf(fields: RecipientFields) {
  return {
    email: fields.email,
    email_key: emailKey(fields.email),
    name: fields.name,
    job_title: fields.job_title,
    phone: fields.phone,
    organization: fields.organization,
    country: fields.country,
    attachment: fields.attachment,
    extra: JSON.stringify(fields.extra),
    search_text: searchTextOf(fields),
  };
}

export function parseExtra(json: string): ExtraField[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as ExtraField[]) : [];
  } catch {
    return [];
  }
}

export const toRecipient = (row: RecipientRow): Recipient => ({
  id: row.id,
  list_id: row.list_id,
  email: row.email,
  name: row.name,
  job_title: row.job_title,
  phone: row.phone,
  organization: row.organization,
  country: row.country,
  attachment: row.attachment,
  extra: parseExtra(row.extra),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The trigram index serves terms of three characters or more; shorter ones read the list. */
const TRIGRAM = 3;
/**
 * Past this many rows holding a term (in any list), walking the list in page order and testing
 * each row finds a page sooner than fetching every hit by rowid: "gmail" or a common name.
 */
const SELECTIVE = 2_000;

/**
 * How SQLite should find a term: through the FTS5 trigram table when the term is long enough and
 * rare enough, else by reading the list. A quoted FTS5 phrase is the term's trigrams in order;
 * inside quotes nothing is query syntax but the quote itself, doubled. PostgreSQL's planner makes
 * the same choice on its own between its pg_trgm GIN index and the list's index.
 */
async function useTrigrams(db: Db, search: string | undefined): Promise<string | undefined> {
  if (!search || isPostgres(db) || [...search].length < TRIGRAM) return undefined;
  const phrase = `"${search.toLowerCase().replaceAll('"', '""')}"`;
  const { rows } = await sql<{ hits: number }>`select count(*) as hits from (select 1 from recipients_search
    where recipients_search match ${phrase} limit ${SELECTIVE})`.execute(db);
  return Number(rows[0]?.hits ?? 0) < SELECTIVE ? phrase : undefined;
}

/**
 * A list's recipients whose search text contains `search`. The LIKE is the meaning (and rechecks
 * the trigram table's hits); `phrase`, when given, first narrows the rows through that table.
 */
function inList(db: Db, listId: string, search: string | undefined, phrase: string | undefined) {
  if (!search) return db.selectFrom('recipients').where('list_id', '=', listId);
  const like = containsLowerText('search_text', containsPattern(search));
  if (!phrase) return db.selectFrom('recipients').where('list_id', '=', listId).where(like);
  // The unary + keeps SQLite from walking the list's index and testing each row against the hits:
  // it fetches the few hits by rowid instead, then keeps those of this list.
  return db
    .selectFrom('recipients')
    .where(sql<boolean>`+list_id = ${listId}`)
    .where(
      sql<boolean>`rowid in (select rowid from recipients_search where recipients_search match ${phrase})`,
    )
    .where(like);
}

/**
 * One page of a list. Without a search the count is the list's kept `recipients_count`, so
 * paging a 100k list never counts it; pages walk the (list_id, created_at, id) or
 * (list_id, email_key) index, and deep offsets are bounded by the contract's MAX_PAGE. With a
 * search the count goes at most COUNT_AHEAD rows past the page (server/lib/bounded-count.ts), so
 * a word most rows hold costs a short read, not one of the whole list (docs/recipients-import.md).
 */
export async function pageRecipients(
  db: Db,
  list: { id: string; recipients_count: number },
  query: ListQuery<'created_at' | 'email'>,
) {
  const ordering = query.ordering ?? 'created_at';
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  const column = ordering.endsWith('email') ? 'email_key' : 'created_at';
  const phrase = await useTrigrams(db, query.search);
  const matching = () => inList(db, list.id, query.search, phrase);
  const counted = query.search
    ? await boundedCount(db, matching().select('id'), offsetOf(query))
    : { count: list.recipients_count, count_capped: false };
  // The page's ids first, from the ordering index alone (index-only on PostgreSQL once vacuum has
  // marked the pages all-visible): a deep page skips index entries, not whole rows.
  const pageIds = matching()
    .select('id')
    .orderBy(column, direction)
    .orderBy('id', direction)
    .offset(offsetOf(query))
    .limit(query.page_size);
  const rows = await db
    .selectFrom('recipients')
    .selectAll()
    .where('id', 'in', pageIds)
    .orderBy(column, direction)
    .orderBy('id', direction)
    .execute();
  return { ...counted, results: rows.map(toRecipient) };
}

export const findRecipient = (db: Db, id: string) =>
  db.selectFrom('recipients').selectAll().where('id', '=', id).executeTakeFirst();

export const findByEmail = (db: Db, listId: string, email: string, exceptId?: string) =>
  db
    .selectFrom('recipients')
    .select('id')
    .where('list_id', '=', listId)
    .where('email_key', '=', emailKey(email))
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();

export async function insertRecipient(
  db: Db,
  list: { id: string; owner_id: string },
  fields: RecipientFields,
  now: Date,
): Promise<RecipientRow> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('recipients')
      .values({
        id: uuid7(),
        list_id: list.id,
        owner_id: list.owner_id,
        ...columnsOf(fields),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('recipient_lists')
      .set((eb) => ({ recipients_count: eb('recipients_count', '+', 1), updated_at: at }))
      .where('id', '=', list.id)
      .execute();
    return row;
  });
}

export async function updateRecipient(db: Db, id: string, fields: RecipientFields, now: Date) {
  return db
    .updateTable('recipients')
    .set({ ...columnsOf(fields), updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRecipient(db: Db, row: { id: string; list_id: string }, now: Date) {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('recipients').where('id', '=', row.id).executeTakeFirst();
    if (result.numDeletedRows === 0n) return;
    await trx
      .updateTable('recipient_lists')
      .set((eb) => ({ recipients_count: eb('recipients_count', '-', 1), updated_at: now.toISOString() }))
      .where('id', '=', row.list_id)
      .execute();
  });
}
