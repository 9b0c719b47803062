import type { z } from 'zod';
import { errorCodes, validationKeys } from '../../../contract/errors.contract.ts';
import {
  RECOVERY_CODES_COUNT,
  SIGN_IN_HISTORY_DAYS,
  type disableTwoFactorSchema,
  type loginTwoFactorSchema,
  type SessionInfo,
  type TwoFactorStatus,
} from '../../../contract/security.contract.ts';
import type { AppConfig } from '../../config.ts';
import type { Db, UserRow } from '../../db/schema.ts';
import { conflict, HttpError, notFound, validationFailed } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { generateRefreshToken, hashToken } from '../../lib/tokens.ts';
import { countLoginAttempt, settleSuccessfulLogin, type LoginAttempt } from '../auth/login-rate-limit.ts';
import { findUserById } from '../users/users.repository.ts';
import * as repo from './security.repository.ts';
import { matchTotp, newRecoveryCode, newTotpSecret, otpauthUrl, recoveryCodeHash } from './two-factor.ts';

/** The clock, the database, the limits of sign-in: what every step here needs. */
export type SecurityDeps = { db: Db; config: AppConfig; now: () => Date };

/** A client: where a request came from, for the rate limits, the history and the sessions. */
export type Client = { ip: string; device: string };

const SETUPS_PER_WINDOW = 10;

/** The password was right; the code must follow within this time. */
export const LOGIN_TICKET_TTL_MS = 5 * 60 * 1000;

const invalidCode = () => new HttpError(401, errorCodes.invalidCode, 'The code is not valid');
const signInExpired = () =>
  new HttpError(401, errorCodes.signInExpired, 'The sign-in has expired; enter the password again');

async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User');
  return row;
}

/** Every code tried counts in the sign-in windows (./login-rate-limit.ts), as a password does. */
const attemptOf = (user: Pick<UserRow, 'username'>, client: Client): LoginAttempt => ({
  name: user.username,
  ip: client.ip,
});

export async function twoFactorStatus(deps: SecurityDeps, userId: string): Promise<TwoFactorStatus> {
  const user = await requireUser(deps.db, userId);
  const enabled = user.two_factor_secret !== null;
  return {
    enabled,
    required: await repo.isTwoFactorRequired(deps.db),
    recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(deps.db, userId) : 0,
  };
}

/** A new secret, pending until a code from it enables two-factor sign-in. */
export async function setupTwoFactor(deps: SecurityDeps, userId: string) {
  const user = await requireUser(deps.db, userId);
  if (user.two_factor_secret !== null) {
    throw conflict({ code: validationKeys.twoFactorOn }, 'Two-factor sign-in is already on');
  }
  // A new secret costs nothing to guess against, but a stolen session must not spin them
  // endlessly; its own window, so opening the set-up again never locks the sign-in.
  await enforceLimits(
    deps.db,
    [{ key: `2fa-setup:${userId}`, max: SETUPS_PER_WINDOW, windowSeconds: deps.config.loginWindowSeconds }],
    deps.now(),
  );
  const secret = newTotpSecret();
  await repo.setPendingSecret(deps.db, userId, secret);
  return { secret, otpauth_url: otpauthUrl(secret, user.email || user.username) };
}

/** Turns two-factor sign-in on when the code proves the app has the secret; answers the codes. */
export async function enableTwoFactor(deps: SecurityDeps, userId: string, code: string, client: Client) {
  const now = deps.now();
  const user = await requireUser(deps.db, userId);
  if (user.two_factor_secret !== null) {
    throw conflict({ code: validationKeys.twoFactorOn }, 'Two-factor sign-in is already on');
  }
  const secret = user.two_factor_pending_secret;
  if (!secret) throw validationFailed({ code: validationKeys.twoFactorNotSetUp });
  const attempt = attemptOf(user, client);
  await countLoginAttempt(deps.db, deps.config, attempt, now);
  const step = matchTotp(secret, code, now);
  if (step === null) throw validationFailed({ code: validationKeys.invalidCode });
  const codes = Array.from({ length: RECOVERY_CODES_COUNT }, newRecoveryCode);
  const enabled = await repo.enableTwoFactor(deps.db, {
    userId,
    secret,
    step,
    codeHashes: codes.map(recoveryCodeHash),
    now: now.toISOString(),
  });
  if (!enabled) throw conflict({ code: validationKeys.twoFactorOn }, 'Two-factor sign-in is already on');
  await settleSuccessfulLogin(deps.db, attempt);
  return { recovery_codes: codes };
}

/**
 * A code from the app (each time step once) or an unused recovery code (used up). Answers which
 * kind matched, or null.
 */
async function useSecondFactor(
  db: Db,
  user: UserRow,
  input: { code?: string | undefined; recovery_code?: string | undefined },
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  if (!user.two_factor_secret) return null;
  if (input.code !== undefined) {
    const step = matchTotp(user.two_factor_secret, input.code, now);
    return step !== null && (await repo.claimTotpStep(db, user.id, step)) ? 'totp' : null;
  }
  if (input.recovery_code !== undefined) {
    const used = await repo.claimRecoveryCode(
      db,
      user.id,
      recoveryCodeHash(input.recovery_code),
      now.toISOString(),
    );
    return used ? 'recovery' : null;
  }
  return null;
}

/** Off again: the password and a code (from the app, or a recovery code) are both needed. */
export async function disableTwoFactor(
  deps: SecurityDeps,
  userId: string,
  input: z.output<typeof disableTwoFactorSchema>,
  client: Client,
) {
  const now = deps.now();
  const user = await requireUser(deps.db, userId);
  if (user.two_factor_secret === null) return;
  const attempt = attemptOf(user, client);
  await countLoginAttempt(deps.db, deps.config, attempt, now);
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw validationFailed({ password: validationKeys.wrongPassword });
  }
  const code = input.code.replace(/\s+/g, '');
  const matched = await useSecondFactor(
    deps.db,
    user,
    /^\d{6}$/.test(code) ? { code } : { recovery_code: code },
    now,
  );
  if (!matched) throw validationFailed({ code: validationKeys.invalidCode });
  await repo.disableTwoFactor(deps.db, userId, now.toISOString());
  await settleSuccessfulLogin(deps.db, attempt);
}

/** The ticket handed out after a right password, for an account with two-factor sign-in. */
export async function issueLoginTicket(deps: SecurityDeps, userId: string): Promise<string> {
  const now = deps.now();
  const ticket = generateRefreshToken();
  await repo.insertLoginTicket(deps.db, {
    userId,
    ticketHash: hashToken(ticket),
    expiresAt: new Date(now.getTime() + LOGIN_TICKET_TTL_MS).toISOString(),
    now: now.toISOString(),
  });
  return ticket;
}

/**
 * The second step of a sign-in. The code counts in the same windows as the password did, so an
 * attacker who has the password still gets only LOGIN_MAX_FAILURES tries per window; the ticket
 * stays usable for the user's next try until it expires or succeeds.
 */
export async function completeTwoFactorLogin(
  deps: SecurityDeps,
  input: z.output<typeof loginTwoFactorSchema>,
  client: Client,
): Promise<UserRow> {
  const now = deps.now();
  const found = await repo.findLiveTicket(deps.db, hashToken(input.ticket), now.toISOString());
  if (!found) throw signInExpired();
  const { ticket_id: ticketId, ...user } = found;
  const attempt = attemptOf(user, client);
  try {
    await countLoginAttempt(deps.db, deps.config, attempt, now);
  } catch (error) {
    await recordSignIn(deps, user.id, 'rate_limited', client);
    throw error;
  }
  if (user.is_active !== 1) {
    await recordSignIn(deps, user.id, 'inactive', client);
    throw new HttpError(401, errorCodes.inactiveAccount, 'This account is disabled');
  }
  const matched = await useSecondFactor(deps.db, user, input, now);
  if (!matched) {
    await recordSignIn(deps, user.id, 'wrong_code', client);
    throw invalidCode();
  }
  if (!(await repo.claimTicket(deps.db, ticketId, now.toISOString()))) throw signInExpired();
  await settleSuccessfulLogin(deps.db, attempt);
  await recordSignIn(deps, user.id, matched === 'recovery' ? 'recovery_code' : 'success', client);
  return user;
}

export async function recordSignIn(
  deps: SecurityDeps,
  userId: string,
  outcome: Parameters<typeof repo.recordSignIn>[1]['outcome'],
  client: Client,
): Promise<void> {
  await repo.recordSignIn(
    deps.db,
    { userId, outcome, ip: client.ip, device: client.device, now: deps.now() },
    SIGN_IN_HISTORY_DAYS,
  );
}

export async function listSessions(
  deps: SecurityDeps,
  userId: string,
  currentSessionId: string | null,
): Promise<SessionInfo[]> {
  const since = new Date(deps.now().getTime() - deps.config.refreshTokenTtlDays * 86_400_000).toISOString();
  const rows = await repo.listOpenSessions(deps.db, userId, since);
  return rows.map((row) => ({
    id: row.id,
    device: row.device ?? '',
    ip: row.ip ?? '',
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    current: row.id === currentSessionId,
  }));
}

export async function listSignIns(deps: SecurityDeps, userId: string) {
  const since = new Date(deps.now().getTime() - SIGN_IN_HISTORY_DAYS * 86_400_000).toISOString();
  return repo.listSignIns(deps.db, userId, since, 200);
}
