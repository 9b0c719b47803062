import type { Kysely } from 'kysely';
import { errorCodes } from '../../../contract/errors.contract.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  clearFailures,
  countFailure,
  deleteExpiredFailures,
  findCurrentFailures,
} from './login-failures.repository.ts';

/**
 * Brute-force protection for sign-in. Two fixed windows: one per identifier and address (guessing
 * one account's password) and one per address across identifiers (trying many accounts). While a
 * window is full every attempt is refused before the password is even checked, so a correct guess
 * inside the window gains nothing.
 */
type Policy = Pick<AppConfig, 'loginMaxFailures' | 'loginMaxFailuresPerIp' | 'loginWindowSeconds'>;
type Attempt = { identifier: string; ip: string };

const identifierKey = ({ identifier, ip }: Attempt) => `id:${identifier.toLowerCase()}|ip:${ip}`;
const addressKey = ({ ip }: Attempt) => `ip:${ip}`;

function windowCutoff(policy: Policy, now: Date): string {
  return new Date(now.getTime() - policy.loginWindowSeconds * 1000).toISOString();
}

export async function assertLoginAllowed(db: Kysely<Database>, policy: Policy, attempt: Attempt, now: Date) {
  const limits = new Map([
    [identifierKey(attempt), policy.loginMaxFailures],
    [addressKey(attempt), policy.loginMaxFailuresPerIp],
  ]);
  const rows = await findCurrentFailures(db, [...limits.keys()], windowCutoff(policy, now));
  const full = rows.filter((row) => row.count >= (limits.get(row.key) ?? Infinity));
  if (full.length === 0) return;
  const windowEnds = Math.max(
    ...full.map((row) => Date.parse(row.window_started_at) + policy.loginWindowSeconds * 1000),
  );
  const retryAfter = Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
  throw new HttpError(
    429,
    errorCodes.tooManyAttempts,
    'Too many failed sign-in attempts; try again later',
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

export async function recordLoginFailure(db: Kysely<Database>, policy: Policy, attempt: Attempt, now: Date) {
  const cutoff = windowCutoff(policy, now);
  await countFailure(db, identifierKey(attempt), now.toISOString(), cutoff);
  await countFailure(db, addressKey(attempt), now.toISOString(), cutoff);
  await deleteExpiredFailures(db, cutoff);
}

/** After a success only the account's counter resets: the address-wide one keeps counting. */
export async function clearLoginFailures(db: Kysely<Database>, attempt: Attempt) {
  await clearFailures(db, identifierKey(attempt));
}
