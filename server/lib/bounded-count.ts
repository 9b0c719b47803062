import { sql, type Expression } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * How far past the start of the page asked for a searched list is counted. A search for a word
 * most rows hold would otherwise read every matching row on each keystroke to print "66,666
 * results"; counted this far, the pager still shows every page up to there and says "more than".
 * Paging on moves the bound with the page.
 */
export const COUNT_AHEAD = 1_000;

/**
 * The number of rows `matching` selects, counted no further than `offset + COUNT_AHEAD`:
 * `{count, count_capped: true}` means at least `count` rows match (contract/list.contract.ts).
 * `matching` is a select of the matching rows (any columns); it is wrapped, not changed.
 */
export async function boundedCount(
  db: Db,
  matching: { limit: (limit: number) => Expression<unknown> },
  offset: number,
): Promise<{ count: number; count_capped: boolean }> {
  const bound = offset + COUNT_AHEAD;
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from (${matching.limit(
    bound + 1,
  )}) as matching`.execute(db);
  const counted = Number(rows[0]?.count ?? 0);
  return counted > bound ? { count: bound, count_capped: true } : { count: counted, count_capped: false };
}
