import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Failure counts still inside their window (a window started after `windowCutoff`). */
export async function findCurrentFailures(db: Db, keys: string[], windowCutoff: string) {
  return db
    .selectFrom('login_failures')
    .select(['key', 'count', 'window_started_at'])
    .where('key', 'in', keys)
    .where('window_started_at', '>', windowCutoff)
    .execute();
}

/**
 * Counts one failure per key in a single upsert, so concurrent failures from several processes
 * are all counted. A key whose window has passed starts a new window at 1.
 */
export async function countFailure(db: Db, key: string, now: string, windowCutoff: string): Promise<void> {
  await db
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
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Old windows are kept by nobody; dropping them keeps the table as small as the live attacks. */
export async function deleteExpiredFailures(db: Db, windowCutoff: string): Promise<void> {
  await db.deleteFrom('login_failures').where('window_started_at', '<=', windowCutoff).execute();
}
