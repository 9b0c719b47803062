import type { Db } from '../../db/schema.ts';

export async function insertReset(
  db: Db,
  row: { id: string; user_id: string; token_hash: string; expires_at: string; created_at: string },
) {
  await db
    .insertInto('password_resets')
    .values({ ...row, used_at: null })
    .execute();
}

/** A usable link: known, not used, not expired, and its account still active. */
export async function findUsableReset(db: Db, tokenHash: string, nowIso: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'password_resets.user_id', 'users.username', 'users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', nowIso)
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
}

/** Uses a link once: of two requests racing with the same link, exactly one wins. */
export async function claimReset(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** After a reset every other outstanding link of the account stops working too. */
export async function retireResets(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
