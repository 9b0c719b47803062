import type { User } from '../../contract/auth.contract.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { canEnterDashboard } from '../app/route-rules.ts';
import { toAppError } from '../lib/app-error.ts';

// Rules of the auth machine kept beside it: how a stored sign-in is taken up when the page
// loads, and which failure a refused sign-in shows (tests/unit/model/auth.model.test.ts).

/**
 * The sign-in kept in local storage: what the restoreSession actor reads back and the
 * persistSession action writes. The machine declares it; services/auth-storage.ts implements it.
 */
export interface StoredSession {
  user: User;
  access: string;
  refresh: string;
}

/** What the restoreSession actor read: the stored sign-in and the routing cookie beside it. */
export interface RestoredSignIn {
  stored: StoredSession | null;
  marker: string | null;
}

/**
 * Stored tokens count only while the cookie still marks a session. Without it the route guards
 * treat the visitor as signed out, so a restored sign-in would keep them on the login screen,
 * unable to sign in; the stored tokens are forgotten instead.
 */
export const isRestorable = (
  restored: RestoredSignIn,
): restored is RestoredSignIn & { stored: StoredSession } =>
  restored.stored !== null && canEnterDashboard(restored.marker);

/**
 * The login failure to show: the server's code (errors.invalidCredentials,
 * errors.inactiveAccount, errors.tooManyAttempts), or errors.network when no answer came.
 */
export function loginErrorKey(error: unknown): string {
  const appError = toAppError(error);
  // A 401 without our error body still means the credentials were refused.
  if (appError.status === 401 && appError.code === errorCodes.unauthorized)
    return errorCodes.invalidCredentials;
  return appError.code;
}

/** What the second step sends: a code from the app, or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

/** The server's answer asks for the second step (no tokens yet). */
export const isChallenge = (answer: unknown): answer is { two_factor_required: true; ticket: string } =>
  typeof answer === 'object' &&
  answer !== null &&
  (answer as { two_factor_required?: unknown }).two_factor_required === true &&
  typeof (answer as { ticket?: unknown }).ticket === 'string';

/**
 * The typed code as the server's contract reads it (security.contract.ts), or null while it
 * cannot be one: six digits from the app, or ten Base32 characters of a recovery code, with
 * spaces and dashes people type in between ignored. Checked by hand: zod stays off the login page.
 */
export function toSecondFactor(input: { code: string; kind: 'totp' | 'recovery' }): SecondFactor | null {
  if (input.kind === 'totp') {
    const code = input.code.replace(/\s+/g, '');
    return /^\d{6}$/.test(code) ? { code } : null;
  }
  const code = input.code.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z2-7]{10}$/.test(code) ? { recovery_code: code } : null;
}

/** The ticket is gone (expired, used): the sign-in starts again with the password. */
export const isSignInExpired = (error: unknown): boolean =>
  toAppError(error).code === errorCodes.signInExpired;
