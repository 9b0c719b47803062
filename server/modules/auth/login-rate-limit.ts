import { errorCodes } from '../../../contract/errors.contract.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  clearFailures,
  clearNameFailures,
  countAttempt,
  deleteExpiredFailures,
  uncountAttempt,
} from './login-failures.repository.ts';

/**
 * Brute-force protection for sign-in. Two fixed windows: one per account and address (guessing
 * one account's password) and one per address across accounts (trying many accounts).
 *
 * The attempt is counted *before* the password is checked, in one atomic upsert per window, and
 * refused when the count passes the limit. Counting after the ~70 ms hash let a burst of
 * parallel requests all read "not full yet" and all be checked; now at most the limit is.
 * A sign-in that succeeds gives its count back, so only failures use up the windows.
 */
type Policy = Pick<AppConfig, 'loginMaxFailures' | 'loginMaxFailuresPerIp' | 'loginWindowSeconds'>;

/**
 * `name` is the matched user's user name when the typed name or e-mail found one, else the name
 * as typed: "alice", "ALICE" and "alice@example.com" all count against one window. (Keying by
 * user id would split "ALICE", which finds no user since user names match exactly, from
 * "alice".) Case-folded in JavaScript so both engines agree.
 */
export type LoginAttempt = { name: string; ip: string };

const accountKey = ({ name, ip }: LoginAttempt) => `id:${name.toLocaleLowerCase('und')}|ip:${ip}`;
const addressKey = ({ ip }: LoginAttempt) => `ip:${ip}`;

function windowCutoff(policy: Policy, now: Date): string {
  return new Date(now.getTime() - policy.loginWindowSeconds * 1000).toISOString();
}

/** Counts the attempt in both windows; 429 with Retry-After when either is over its limit. */
export async function countLoginAttempt(db: Db, policy: Policy, attempt: LoginAttempt, now: Date) {
  const cutoff = windowCutoff(policy, now);
  const windows: Array<[string, number]> = [
    [accountKey(attempt), policy.loginMaxFailures],
    [addressKey(attempt), policy.loginMaxFailuresPerIp],
  ];
  let windowEnds = 0;
  for (const [key, max] of windows) {
    const { count, windowStartedAt } = await countAttempt(db, key, now.toISOString(), cutoff);
    if (count > max) {
      windowEnds = Math.max(windowEnds, Date.parse(windowStartedAt) + policy.loginWindowSeconds * 1000);
    }
  }
  if (windowEnds === 0) return;
  const retryAfter = Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
  throw new HttpError(
    429,
    errorCodes.tooManyAttempts,
    'Too many failed sign-in attempts; try again later',
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/** Old windows are kept by nobody; dropping them keeps the table as small as the live attacks. */
export async function forgetExpiredAttempts(db: Db, policy: Policy, now: Date) {
  await deleteExpiredFailures(db, windowCutoff(policy, now));
}

/**
 * After a success the account's window starts over; the address-wide one only gets this
 * attempt back, so earlier failures from the address keep counting.
 */
export async function settleSuccessfulLogin(db: Db, attempt: LoginAttempt) {
  await clearFailures(db, accountKey(attempt));
  await uncountAttempt(db, addressKey(attempt));
}

/** Gives the attempt back in both windows: used when the password could not be checked at all. */
export async function returnLoginAttempt(db: Db, attempt: LoginAttempt) {
  await uncountAttempt(db, accountKey(attempt));
  await uncountAttempt(db, addressKey(attempt));
}

/** Lifts the lockout of one account name from every address (an operator's password reset). */
export async function clearAccountLockout(db: Db, username: string) {
  await clearNameFailures(db, `id:${username.toLocaleLowerCase('und')}|ip:`);
}
