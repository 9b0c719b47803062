import type { Db, SignInOutcome, UserRow } from '../../db/schema.ts';

/** Two-factor state, sessions, sign-in history and the security settings: the queries. */

export async function setPendingSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db.updateTable('users').set({ two_factor_pending_secret: secret }).where('id', '=', userId).execute();
}

/**
 * Turns the pending secret on and replaces the recovery codes, in one transaction. Only when no
 * secret is on yet: two tabs enabling at once get one winner.
 */
export async function enableTwoFactor(
  db: Db,
  input: { userId: string; secret: string; step: number; codeHashes: string[]; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({
        two_factor_secret: input.secret,
        two_factor_pending_secret: null,
        two_factor_enabled_at: input.now,
        two_factor_last_step: input.step,
        updated_at: input.now,
      })
      .where('id', '=', input.userId)
      .where('two_factor_secret', 'is', null)
      .where('two_factor_pending_secret', '=', input.secret)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', input.userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        input.codeHashes.map((code_hash) => ({
          id: crypto.randomUUID(),
          user_id: input.userId,
          code_hash,
          used_at: null,
          created_at: input.now,
        })),
      )
      .execute();
    return true;
  });
}

export async function disableTwoFactor(db: Db, userId: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        two_factor_secret: null,
        two_factor_pending_secret: null,
        two_factor_enabled_at: null,
        two_factor_last_step: null,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

/**
 * Takes a TOTP time step for the user, once: the conditional update is atomic on both engines,
 * so a code replayed (or sent twice at once) wins only the first time.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Uses up one recovery code; false when it is not one of the user's unused codes. */
export async function claimRecoveryCode(db: Db, userId: string, codeHash: string, now: string) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows >= 1n;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertLoginTicket(
  db: Db,
  input: { userId: string; ticketHash: string; expiresAt: string; now: string },
): Promise<void> {
  // Old tickets are kept by nobody; dropping them here keeps the table as small as the sign-ins.
  await db.deleteFrom('login_tickets').where('expires_at', '<', input.now).execute();
  await db
    .insertInto('login_tickets')
    .values({
      id: crypto.randomUUID(),
      user_id: input.userId,
      ticket_hash: input.ticketHash,
      expires_at: input.expiresAt,
      used_at: null,
      created_at: input.now,
    })
    .execute();
}

/** The ticket's user while it is unused and unexpired. */
export async function findLiveTicket(db: Db, ticketHash: string, now: string) {
  return db
    .selectFrom('login_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select(['t.id as ticket_id'])
    .where('t.ticket_hash', '=', ticketHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
}

export async function claimTicket(db: Db, ticketId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('login_tickets')
    .set({ used_at: now })
    .where('id', '=', ticketId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function recordSignIn(
  db: Db,
  input: { userId: string; outcome: SignInOutcome; ip: string; device: string; now: Date },
  keepDays: number,
): Promise<void> {
  const cutoff = new Date(input.now.getTime() - keepDays * 86_400_000).toISOString();
  await db
    .deleteFrom('sign_ins')
    .where('user_id', '=', input.userId)
    .where('created_at', '<', cutoff)
    .execute();
  await db
    .insertInto('sign_ins')
    .values({
      id: crypto.randomUUID(),
      user_id: input.userId,
      outcome: input.outcome,
      ip: input.ip.slice(0, 100),
      device: input.device.slice(0, 100),
      created_at: input.now.toISOString(),
    })
    .execute();
}

export async function listSignIns(db: Db, userId: string, since: string, limit: number) {
  return db
    .selectFrom('sign_ins')
    .select(['id', 'outcome', 'ip', 'device', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Open sessions used since `since` (older ones have no live refresh token left). */
export async function listOpenSessions(db: Db, userId: string, since: string) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows
    .map((row) => ({ ...row, last_used_at: row.last_used_at ?? row.created_at }))
    .filter((row) => row.last_used_at >= since)
    .sort((a, b) => (a.last_used_at < b.last_used_at ? 1 : -1));
}

export async function revokeOwnSession(db: Db, userId: string, sessionId: string, now: string) {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function touchSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

export async function setSessionOrigin(
  db: Db,
  sessionId: string,
  origin: { device: string; ip: string; now: string },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ device: origin.device.slice(0, 100), ip: origin.ip.slice(0, 100), last_used_at: origin.now })
    .where('id', '=', sessionId)
    .execute();
}

export async function setUserLanguage(db: Db, user: Pick<UserRow, 'id' | 'language'>, language: 'ar' | 'en') {
  if (user.language === language) return;
  await db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
}

const REQUIRE_TWO_FACTOR = 'require_two_factor';

export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', REQUIRE_TWO_FACTOR)
    .executeTakeFirst();
  return row?.value === 'true';
}

export async function setTwoFactorRequired(db: Db, required: boolean, now: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: REQUIRE_TWO_FACTOR, value: String(required), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(required), updated_at: now }))
    .execute();
}
