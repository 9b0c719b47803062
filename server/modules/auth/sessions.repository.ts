import type { Db, UserRow } from '../../db/schema.ts';

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: now.toISOString(), revoked_at: null })
    .execute();
  return id;
}

export async function insertRefreshToken(
  db: Db,
  input: { sessionId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: crypto.randomUUID(),
      session_id: input.sessionId,
      token_hash: input.tokenHash,
      expires_at: input.expiresAt.toISOString(),
      used_at: null,
      created_at: input.now.toISOString(),
    })
    .execute();
}

/** A refresh token with what deciding on it needs: its session's state and its user's. */
export async function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      't.id as tokenId',
      't.session_id as sessionId',
      't.expires_at as expiresAt',
      't.used_at as usedAt',
      's.revoked_at as revokedAt',
      'u.id as userId',
      'u.role as role',
      'u.is_active as isActive',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a refresh token used, only if nobody did before. The conditional update is atomic on both
 * engines, so of two requests presenting the same token exactly one wins; the other is a reuse.
 */
export async function claimRefreshToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The session's user, read with the session in one query on every authenticated request. */
export async function findSessionUser(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<(UserRow & { revoked_at: string | null }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.revoked_at')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Ends every session of a user (deactivation, a password set by someone else, a reset), or every
 * session but the one the user is acting from (a password changed by the user).
 */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
