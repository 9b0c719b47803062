import { errorCodes } from '../../contract/errors.contract.ts';
import { canEnterDashboard } from '../app/route-rules.ts';
import { toAppError } from '../lib/app-error.ts';
import type { StoredSession } from '../services/auth-storage.ts';

// Rules of the auth machine kept beside it: how a stored sign-in is taken up when the page
// loads, and which failure a refused sign-in shows (tests/unit/model/auth.model.test.ts).

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
