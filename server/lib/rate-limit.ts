import type { Db } from '../db/schema.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { HttpError } from './http-error.ts';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Counts one attempt against a fixed window and answers the count including it, in one atomic
 * upsert (so concurrent requests, from any process, are all counted). A window that has passed
 * starts again at 1.
 */
export async function hit(
  db: Db,
  limit: Limit,
  now: Date,
): Promise<{ count: number; windowStartedAt: string }> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key: limit.key, count: 1, window_started_at: nowIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limits.window_started_at', '<=', cutoff);
        return {
          count: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(expired)
            .then(nowIso)
            .else(eb.ref('rate_limits.window_started_at'))
            .end(),
        };
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStartedAt: row.window_started_at };
}

/**
 * Counts the attempt against every limit first and refuses it (429, Retry-After) when any is
 * over, so even a burst of parallel requests gets at most `max` through each window.
 */
export async function enforceLimits(db: Db, limits: readonly Limit[], now = new Date()): Promise<void> {
  let retryAfter = 0;
  for (const limit of limits) {
    const { count, windowStartedAt } = await hit(db, limit, now);
    if (count > limit.max) {
      const ends = Date.parse(windowStartedAt) + limit.windowSeconds * 1000;
      retryAfter = Math.max(retryAfter, Math.ceil((ends - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new HttpError(429, errorCodes.tooManyAttempts, 'Too many requests; try again later', undefined, {
      'retry-after': String(Math.max(1, retryAfter)),
    });
  }
}

/** Windows that ended long ago count nothing; removing them keeps the table small. */
export async function pruneLimits(db: Db, olderThanSeconds: number, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000).toISOString();
  await db.deleteFrom('rate_limits').where('window_started_at', '<=', cutoff).execute();
}
