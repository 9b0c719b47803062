import { SESSION_MARKERS } from '../../contract/session-marker.ts';
import { paths } from './paths.ts';

/**
 * Spec §4: which area a visitor may route to is decided by the elNamerEmailSender cookie
 * alone. It is a routing hint, not a credential: the server checks the bearer token on every
 * call, so a forged cookie only opens screens whose data calls then fail.
 */

export const isAdminMarker = (marker: string | null): boolean => marker === SESSION_MARKERS.admin;
export const isSenderMarker = (marker: string | null): boolean => marker === SESSION_MARKERS.sender;

/** Guard A: admin-only screens. */
export const canEnterAdminArea = (marker: string | null): boolean => isAdminMarker(marker);

/** Guard B: the dashboard, for either marker (admin is a superset of sender). */
export const canEnterDashboard = (marker: string | null): boolean =>
  isAdminMarker(marker) || isSenderMarker(marker);

/**
 * Guard C: signed-out screens (/auth/*). The spec lets visitors through when the cookie is
 * absent or empty. A value that is neither marker is treated as absent too: refusing it here
 * while guard B also refuses it would bounce the visitor between /auth/login and
 * /dashboard/home forever.
 */
export const canEnterSignedOutArea = (marker: string | null): boolean => !canEnterDashboard(marker);

export type RouteGuard = 'A' | 'B' | 'C';

export const routeGuards: Record<RouteGuard, (marker: string | null) => boolean> = {
  A: canEnterAdminArea,
  B: canEnterDashboard,
  C: canEnterSignedOutArea,
};

/** Where each guard sends a refused visitor. Always with history replaced (<Navigate replace>). */
export const guardRedirects = {
  A: paths.auth.login,
  B: paths.auth.login,
  C: paths.dashboard.home,
} as const satisfies Record<RouteGuard, string>;

export type GuardDecision = { allowed: true } | { allowed: false; redirectTo: string; replace: true };

export function decideRoute(guard: RouteGuard, marker: string | null): GuardDecision {
  return routeGuards[guard](marker)
    ? { allowed: true }
    : { allowed: false, redirectTo: guardRedirects[guard], replace: true };
}

/**
 * The admin areas inside the dashboard (users, themes): guard A, except that a signed-in sender
 * (who already passed guard B) gets the 403 page rather than a confusing trip to sign-in.
 */
export function adminAreaRedirect(marker: string | null): string | null {
  if (canEnterAdminArea(marker)) return null;
  return canEnterDashboard(marker) ? paths.forbidden : guardRedirects.A;
}
