import { useSelector } from '@xstate/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectMustSetUpTwoFactor } from '../machines/auth.machine.ts';
import { selectMarker } from '../machines/session.machine.ts';
import { useAppServices } from './app-services.tsx';
import { paths } from './paths.ts';
import {
  adminAreaRedirect,
  canEnterAdminArea,
  canEnterDashboard,
  decideRoute,
  type RouteGuard,
} from './route-rules.ts';

/** The session cookie's role marker, as the session actor last read it. */
export function useSessionMarker() {
  const { session } = useAppServices();
  return useSelector(session, selectMarker);
}

/** Whether the admin-only areas (users, themes) are open to this visitor: routing, not business. */
export function useCanEnterAdminArea(): boolean {
  return canEnterAdminArea(useSessionMarker());
}

/**
 * <Navigate replace> that fires again on every new location. A plain <Navigate> navigates from an
 * effect when it mounts; if the visitor moves on while the redirect's target is still loading its
 * code (React keeps the old tree during the transition), the same <Navigate> is rendered again with
 * the same props, its effect does not re-run, and the page stays blank at the refused address.
 * Keying it by the location makes each arrival its own redirect.
 */
export function RedirectTo({ to }: { to: string }) {
  const { key } = useLocation();
  return <Navigate key={key} to={to} replace />;
}

// Every guard replaces history, so Back never returns to a page the visitor may not see (spec §4).
// The rules themselves are in route-rules.ts; these only render their decision.

function Guarded({ guard }: { guard: RouteGuard }) {
  const decision = decideRoute(guard, useSessionMarker());
  return decision.allowed ? <Outlet /> : <RedirectTo to={decision.redirectTo} />;
}

/** Guard C: /auth/* is only for visitors who are not signed in. */
export const SignedOutOnly = () => <Guarded guard="C" />;

/**
 * Guard B: the dashboard needs either role marker. While an administrator requires two-step
 * sign-in this account has not set up (the auth machine's twoFactorSetup), every dashboard page
 * leads to Settings -> Security, the one place the server still serves.
 */
export function SignedInOnly() {
  const { auth } = useAppServices();
  const mustSetUp = useSelector(auth, selectMustSetUpTwoFactor);
  const marker = useSessionMarker();
  const { pathname } = useLocation();
  const security = paths.dashboard.settings.security;
  if (mustSetUp && canEnterDashboard(marker) && pathname !== security) {
    return <RedirectTo to={security} />;
  }
  return <Guarded guard="B" />;
}

/** Guard A inside the dashboard (users, themes): see adminAreaRedirect. */
export function AdminOnly() {
  const redirect = adminAreaRedirect(useSessionMarker());
  return redirect === null ? <Outlet /> : <RedirectTo to={redirect} />;
}
