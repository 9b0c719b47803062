import type { Selectable } from 'kysely';
import type { ApiKeysTable, Db, UserRow } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApiKeyWithOwner = ApiKeyRow & { username: string; owner_two_factor: string | null };
export type ApiKeyOrdering = 'created_at' | 'name' | 'last_used_at';

/** `ownerId` undefined means every user's keys (administrators). */
function filtered(db: Db, filter: { ownerId?: string | undefined; search?: string | undefined }) {
  let query = db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id');
  if (filter.ownerId !== undefined) query = query.where('api_keys.user_id', '=', filter.ownerId);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([containsText('api_keys.name', pattern), containsText('users.username', pattern)]),
    );
  }
  return query;
}

export async function listApiKeys(
  db: Db,
  filter: { ownerId?: string | undefined; search?: string | undefined },
  page: { offset: number; limit: number; orderBy: ApiKeyOrdering; descending: boolean },
): Promise<{ count: number; rows: ApiKeyWithOwner[] }> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .selectAll('api_keys')
    .select(['users.username', 'users.two_factor_secret as owner_two_factor'])
    .orderBy(`api_keys.${page.orderBy}`, page.descending ? 'desc' : 'asc')
    .orderBy('api_keys.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export async function findApiKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets revoked_at once; a key already revoked keeps its first time. */
export async function revokeApiKey(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The key and its user, in one query on every v1 request. */
export async function findKeyUser(
  db: Db,
  keyHash: string,
): Promise<
  | (UserRow & { key: Pick<ApiKeyRow, 'id' | 'scopes' | 'expires_at' | 'revoked_at' | 'last_used_at'> })
  | undefined
> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('users')
    .select([
      'api_keys.id as key_id',
      'api_keys.scopes as key_scopes',
      'api_keys.expires_at as key_expires_at',
      'api_keys.revoked_at as key_revoked_at',
      'api_keys.last_used_at as key_last_used_at',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { key_id, key_scopes, key_expires_at, key_revoked_at, key_last_used_at, ...user } = row;
  return {
    ...user,
    key: {
      id: key_id,
      scopes: key_scopes,
      expires_at: key_expires_at,
      revoked_at: key_revoked_at,
      last_used_at: key_last_used_at,
    },
  };
}

/**
 * Records a use. At most one write a minute per key: "last used" is for people, and a busy
 * integration should not turn every request into a write.
 */
export async function touchApiKey(db: Db, id: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - 60_000).toISOString();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
