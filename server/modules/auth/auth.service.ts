import type { LoginRequest, TokenPair } from '../../../contract/auth.contract.ts';
import { errorCodes } from '../../../contract/errors.contract.ts';
import type { AppConfig } from '../../config.ts';
import type { Db, UserRow } from '../../db/schema.ts';
import { HashQueueFull } from '../../lib/hash-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { generateRefreshToken, hashToken, type TokenService } from '../../lib/tokens.ts';
import {
  countLoginAttempt,
  forgetExpiredAttempts,
  returnLoginAttempt,
  settleSuccessfulLogin,
  type LoginAttempt,
} from './login-rate-limit.ts';
import {
  claimRefreshToken,
  createSession,
  findRefreshToken,
  insertRefreshToken,
  revokeSession,
} from './sessions.repository.ts';
import { findUserByLogin } from '../users/users.repository.ts';
import { setSessionOrigin, setUserLanguage, touchSession } from '../security/security.repository.ts';
import { issueLoginTicket, recordSignIn, type Client } from '../security/security.service.ts';

/** `now` is the app's clock (tests move it), so sign-in windows and expiries follow it. */
export type AuthDeps = { db: Db; config: AppConfig; tokens: TokenService; now: () => Date };

const invalidCredentials = () =>
  new HttpError(401, errorCodes.invalidCredentials, 'The user name or password is wrong');
const sessionExpired = () =>
  new HttpError(401, errorCodes.sessionExpired, 'The session has ended; sign in again');

/**
 * The password step. For an account with two-factor sign-in a right password earns only a
 * ticket for POST /auth/login/2fa/, and its attempt stays counted until the code is right too, so
 * knowing the password never resets the window the codes are guessed in.
 */
export async function signIn(
  deps: AuthDeps,
  credentials: LoginRequest,
  client: Client,
): Promise<{ ticket: string } | ({ user: UserRow } & TokenPair)> {
  const { db, config } = deps;
  const { ip } = client;
  const now = deps.now();
  // Looked up first so a user's name and e-mail share one window; this costs no hash.
  const user = await findUserByLogin(db, credentials.username);
  const attempt: LoginAttempt = { name: user?.username ?? credentials.username, ip };
  try {
    await countLoginAttempt(db, config, attempt, now);
  } catch (error) {
    if (user && error instanceof HttpError) await recordSignIn(deps, user.id, 'rate_limited', client);
    throw error;
  }

  let passwordMatches: boolean;
  try {
    passwordMatches = user
      ? await verifyPassword(credentials.password, user.password_hash)
      : await verifyAgainstDummy(credentials.password);
  } catch (error) {
    // Refused by a full hash queue, the password was never tried: the attempt does not count.
    if (error instanceof HashQueueFull) await returnLoginAttempt(db, attempt);
    throw error;
  }
  if (!user || !passwordMatches) {
    await forgetExpiredAttempts(db, config, now);
    if (user) await recordSignIn(deps, user.id, 'wrong_password', client);
    throw invalidCredentials();
  }
  // Told apart only after the password matched, so the answer reveals nothing to a guesser.
  if (user.is_active !== 1) {
    await recordSignIn(deps, user.id, 'inactive', client);
    throw new HttpError(401, errorCodes.inactiveAccount, 'This account is disabled');
  }
  if (credentials.language) await setUserLanguage(db, user, credentials.language);
  if (user.two_factor_secret !== null) return { ticket: await issueLoginTicket(deps, user.id) };
  await settleSuccessfulLogin(db, attempt);
  await recordSignIn(deps, user.id, 'success', client);
  return { user, ...(await startSession(deps, user, client)) };
}

/** A new session (refresh-token family) for a user who passed every step of the sign-in. */
export async function startSession(
  deps: AuthDeps,
  user: Pick<UserRow, 'id' | 'role'>,
  client: Client,
): Promise<TokenPair> {
  const now = deps.now();
  const sessionId = await createSession(deps.db, user.id, now);
  await setSessionOrigin(deps.db, sessionId, { ...client, now: now.toISOString() });
  return issueTokens(deps, user, sessionId, now);
}

/**
 * Rotation: every refresh token works once. Presenting one that was already used means two
 * parties hold it (one of them a thief), and we cannot tell which, so the whole session ends.
 */
export async function refreshTokens(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const { db } = deps;
  const now = deps.now();
  const found = await findRefreshToken(db, hashToken(refreshToken));
  if (!found || found.revokedAt !== null) throw sessionExpired();
  if (found.usedAt === null && (found.expiresAt <= now.toISOString() || found.isActive !== 1)) {
    throw sessionExpired();
  }
  if (found.usedAt !== null || !(await claimRefreshToken(db, found.tokenId, now))) {
    await revokeSession(db, found.sessionId, now);
    throw sessionExpired();
  }
  await touchSession(db, found.sessionId, now.toISOString());
  return issueTokens(deps, { id: found.userId, role: found.role }, found.sessionId, now);
}

/** Ends the session named by the access token or, failing that, by the refresh token. */
export async function signOut(deps: AuthDeps, by: { sessionId?: string; refreshToken?: string }) {
  const now = deps.now();
  let sessionId = by.sessionId;
  if (!sessionId && by.refreshToken) {
    sessionId = (await findRefreshToken(deps.db, hashToken(by.refreshToken)))?.sessionId;
  }
  if (sessionId) await revokeSession(deps.db, sessionId, now);
}

async function issueTokens(
  { db, config, tokens }: AuthDeps,
  user: Pick<UserRow, 'id' | 'role'>,
  sessionId: string,
  now: Date,
): Promise<TokenPair> {
  const refresh = generateRefreshToken();
  const expiresAt = new Date(now.getTime() + config.refreshTokenTtlDays * 86_400_000);
  await insertRefreshToken(db, { sessionId, tokenHash: hashToken(refresh), expiresAt, now });
  const access = await tokens.signAccessToken({ userId: user.id, sessionId, role: user.role });
  return { access, refresh };
}
