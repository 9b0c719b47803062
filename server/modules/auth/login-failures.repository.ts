import type { Db } from '../../db/schema.ts';

/**
 * Counts one attempt per key in a single upsert and answers the count including it, so
 * concurrent attempts from any number of processes each see a distinct count (the row lock on
 * PostgreSQL, the single writer on SQLite). A key whose window has passed starts again at 1.
 */
export async function countAttempt(
  db: Db,
  key: string,
  now: string,
  windowCutoff: string,
): Promise<{ count: number; windowStartedAt: string }> {
  const row = await db
    .insertInto('login_failures')
    .values({ key, count: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('login_failures.window_started_at', '<=', windowCutoff);
        return {
          count: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('login_failures.count', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(expired)
            .then(now)
            .else(eb.ref('login_failures.window_started_at'))
            .end(),
        };
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStartedAt: row.window_started_at };
}

/** Takes back one counted attempt (a sign-in that succeeded was not a failure). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Old windows are kept by nobody; dropping them keeps the table as small as the live attacks. */
export async function deleteExpiredFailures(db: Db, windowCutoff: string): Promise<void> {
  await db.deleteFrom('login_failures').where('window_started_at', '<=', windowCutoff).execute();
}

/** Every window of one account name, from any address (used when an operator resets it). */
export async function clearNameFailures(db: Db, namePrefix: string): Promise<void> {
  const rows = await db.selectFrom('login_failures').select('key').execute();
  // Filtered here, not with LIKE: a name may hold "_" or "%", which LIKE reads as wildcards.
  const keys = rows.map((row) => row.key).filter((key) => key.startsWith(namePrefix));
  if (keys.length > 0) await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}
