import { randomUUID } from 'node:crypto';
import type { SuppressionListQuery } from '../../../contract/suppressions.contract.ts';
import type { Db, SuppressionReason } from '../../db/schema.ts';
import { containsLowerText, containsPattern } from '../../lib/search.ts';

export type SuppressionFilter = {
  /** Only this sender's rows; undefined (administrators) for everyone's. */
  scope?: string | undefined;
  search?: string | undefined;
  reason?: SuppressionReason | undefined;
  /** Any of these reasons (a release lifts bounces only). */
  reasons?: readonly SuppressionReason[] | undefined;
  bounceReason?: string | undefined;
  /** The source campaign: the row's own, else its message's (an unsubscribe names only that). */
  campaignId?: string | undefined;
};

type Ordering = NonNullable<SuppressionListQuery['ordering']>;

function filtered(db: Db, filter: SuppressionFilter) {
  let query = db
    .selectFrom('suppressions')
    // An unsubscribe names its message, not its campaign: the message does.
    .leftJoin('messages', 'messages.id', 'suppressions.message_id')
    .leftJoin('campaigns', (join) =>
      join.on((eb) =>
        eb('campaigns.id', '=', eb.fn.coalesce('suppressions.campaign_id', 'messages.campaign_id')),
      ),
    )
    .leftJoin('users', 'users.id', 'suppressions.scope');
  if (filter.scope !== undefined) query = query.where('suppressions.scope', '=', filter.scope);
  if (filter.reason) query = query.where('suppressions.reason', '=', filter.reason);
  if (filter.reasons) query = query.where('suppressions.reason', 'in', filter.reasons);
  if (filter.bounceReason) query = query.where('suppressions.bounce_reason', '=', filter.bounceReason);
  if (filter.campaignId) query = query.where('campaigns.id', '=', filter.campaignId);
  if (filter.search)
    query = query.where(containsLowerText('suppressions.email_key', containsPattern(filter.search)));
  return query;
}

const columns = [
  'suppressions.id',
  'suppressions.email_key',
  'suppressions.reason',
  'suppressions.scope',
  'suppressions.created_at',
  'suppressions.bounce_reason',
  'campaigns.id as campaign_id',
  'campaigns.subject as campaign_subject',
  'users.username',
] as const;

export type SuppressionRow = {
  id: string;
  email_key: string;
  reason: SuppressionReason;
  scope: string;
  created_at: string;
  bounce_reason: string | null;
  campaign_id: string | null;
  campaign_subject: string | null;
  username: string | null;
};

export async function listSuppressions(
  db: Db,
  filter: SuppressionFilter,
  page: { offset: number; limit: number; ordering: Ordering },
): Promise<{ count: number; rows: SuppressionRow[] }> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const descending = page.ordering.startsWith('-');
  const field = page.ordering.replace(/^-/, '');
  const column =
    field === 'email'
      ? 'suppressions.email_key'
      : field === 'reason'
        ? 'suppressions.reason'
        : 'suppressions.created_at';
  const direction = descending ? 'desc' : 'asc';
  const rows = await filtered(db, filter)
    .select(columns)
    .orderBy(column, direction)
    .orderBy('suppressions.id', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

/** The rows matching the filter in batches, in a stable (id) order: an export's page. */
export async function suppressionsAfter(
  db: Db,
  filter: SuppressionFilter,
  after: string | null,
  limit: number,
) {
  let query = filtered(db, filter).select(columns);
  if (after) query = query.where('suppressions.id', '>', after);
  return query.orderBy('suppressions.id').limit(limit).execute();
}

export async function findSuppression(db: Db, id: string) {
  return db.selectFrom('suppressions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSuppression(db: Db, id: string) {
  await db.deleteFrom('suppressions').where('id', '=', id).execute();
}

/**
 * Deletes every row matching the filter in one transaction and answers how many went. The rows
 * are chosen with the list's own query (joins and all), so a release lifts exactly what the
 * filtered list showed; the delete then names them by id.
 */
export async function releaseSuppressions(db: Db, filter: SuppressionFilter): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = (await filtered(trx, filter).select('suppressions.id').execute()).map((row) => row.id);
    let released = 0;
    // In slices: an IN list stays well under both engines' bound-parameter limits.
    for (let at = 0; at < ids.length; at += 500) {
      const result = await trx
        .deleteFrom('suppressions')
        .where('id', 'in', ids.slice(at, at + 500))
        .executeTakeFirst();
      released += Number(result.numDeletedRows);
    }
    return released;
  });
}

/** Adds the keys to `scope` by hand; answers how many were not there yet. */
export async function addManual(db: Db, scope: string, keys: string[], at: string): Promise<number> {
  let added = 0;
  for (const key of new Set(keys)) {
    const row = await db
      .insertInto('suppressions')
      .values({
        id: randomUUID(),
        scope,
        email_key: key,
        reason: 'manual',
        message_id: null,
        campaign_id: null,
        created_at: at,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'email_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) added += 1;
  }
  return added;
}
