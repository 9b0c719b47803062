import { useSelector } from '@xstate/react';
import { Navigate, Outlet } from 'react-router-dom';
import {
  canEnterAdminArea,
  canEnterDashboard,
  canEnterSignedOutArea,
  guardRedirects,
  selectMarker,
} from '../machines/session.machine.ts';
import { useAppServices } from './app-services.tsx';
import { paths } from './paths.ts';

/** The session cookie's role marker, as the session actor last read it. */
export function useSessionMarker() {
  const { session } = useAppServices();
  return useSelector(session, selectMarker);
}

/** Whether the admin-only areas (users, themes) are open to this visitor: routing, not business. */
export function useCanEnterAdminArea(): boolean {
  return canEnterAdminArea(useSessionMarker());
}

// Every guard replaces history, so Back never returns to a page the visitor may not see (spec §4).

/** Guard C: /auth/* is only for visitors who are not signed in. */
export function SignedOutOnly() {
  const marker = useSessionMarker();
  return canEnterSignedOutArea(marker) ? <Outlet /> : <Navigate to={guardRedirects.C} replace />;
}

/** Guard B: the dashboard needs either role marker. */
export function SignedInOnly() {
  const marker = useSessionMarker();
  return canEnterDashboard(marker) ? <Outlet /> : <Navigate to={guardRedirects.B} replace />;
}

/**
 * Guard A inside the dashboard. A visitor who got here already passed guard B, so a sender is
 * signed in but not allowed: they get the 403 page rather than a confusing trip to sign-in.
 * Outside the dashboard guard A's own redirect (sign-in) applies.
 */
export function AdminOnly() {
  const marker = useSessionMarker();
  if (canEnterAdminArea(marker)) return <Outlet />;
  return <Navigate to={canEnterDashboard(marker) ? paths.forbidden : guardRedirects.A} replace />;
}
