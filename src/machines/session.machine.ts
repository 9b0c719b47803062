import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { SESSION_MARKERS } from '../../contract/auth.contract.ts';
import { paths } from '../app/paths.ts';

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

export interface SessionContext {
  marker: string | null;
}

export type SessionEvent = { type: 'session.changed' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    /** Replaced in the composition root by a read of document.cookie. */
    readMarker: assign({ marker: ({ context }) => context.marker }),
  },
  guards: {
    hasAdminMarker: ({ context }) => isAdminMarker(context.marker),
    hasSenderMarker: ({ context }) => isSenderMarker(context.marker),
  },
}).createMachine({
  id: 'session',
  context: { marker: null },
  entry: 'readMarker',
  initial: 'deciding',
  on: {
    'session.changed': { target: '.deciding', reenter: true, actions: 'readMarker' },
  },
  states: {
    deciding: {
      always: [
        { guard: 'hasAdminMarker', target: 'admin' },
        { guard: 'hasSenderMarker', target: 'sender' },
        { target: 'anonymous' },
      ],
    },
    anonymous: {},
    sender: {},
    admin: {},
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectMarker = (snapshot: SessionSnapshot): string | null => snapshot.context.marker;
export const selectRole = (snapshot: SessionSnapshot): 'admin' | 'sender' | null =>
  snapshot.matches('admin') ? 'admin' : snapshot.matches('sender') ? 'sender' : null;
