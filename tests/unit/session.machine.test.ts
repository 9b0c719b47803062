import { describe, expect, it } from 'vitest';
import { SESSION_MARKERS } from '../../contract/auth.contract.ts';
import { paths } from '../../src/app/paths.ts';
import {
  adminAreaRedirect,
  canEnterAdminArea,
  canEnterDashboard,
  canEnterSignedOutArea,
  decideRoute,
  guardRedirects,
} from '../../src/app/route-rules.ts';
import { selectRole } from '../../src/machines/session.machine.ts';
import { removeSessionCookie, setSessionCookie, startSession } from '../support/session-actor.ts';

describe('session machine', () => {
  it('starts anonymous when the cookie is absent', () => {
    const session = startSession();

    expect(session.getSnapshot().value).toBe('anonymous');
    expect(session.getSnapshot().context.marker).toBeNull();
  });

  it('starts as admin when the cookie holds the admin marker', () => {
    setSessionCookie(SESSION_MARKERS.admin);

    const session = startSession();

    expect(session.getSnapshot().value).toBe('admin');
    expect(selectRole(session.getSnapshot())).toBe('admin');
  });

  it('counts a cookie value that is neither marker as anonymous', () => {
    setSessionCookie('not-a-marker');

    const session = startSession();

    expect(session.getSnapshot().value).toBe('anonymous');
    expect(session.getSnapshot().context.marker).toBe('not-a-marker');
  });

  it('re-reads the cookie on session.changed', () => {
    const session = startSession();

    setSessionCookie(SESSION_MARKERS.sender);
    session.send({ type: 'session.changed' });
    const afterSignIn = session.getSnapshot().value;
    removeSessionCookie();
    session.send({ type: 'session.changed' });

    expect(afterSignIn).toBe('sender');
    expect(session.getSnapshot().value).toBe('anonymous');
  });

  it('does not notice a cookie change until told', () => {
    const session = startSession();

    setSessionCookie(SESSION_MARKERS.admin);

    expect(session.getSnapshot().value).toBe('anonymous');
  });
});

describe('route guards', () => {
  const cases = [
    { name: 'admin marker', marker: SESSION_MARKERS.admin, A: true, B: true, C: false },
    { name: 'sender marker', marker: SESSION_MARKERS.sender, A: false, B: true, C: false },
    { name: 'absent cookie', marker: null, A: false, B: false, C: true },
    { name: 'empty cookie', marker: '', A: false, B: false, C: true },
    { name: 'unknown value', marker: 'forged', A: false, B: false, C: true },
  ];

  it.each(cases)('lets the right areas open for an $name', ({ marker, A, B, C }) => {
    expect([canEnterAdminArea(marker), canEnterDashboard(marker), canEnterSignedOutArea(marker)]).toEqual([
      A,
      B,
      C,
    ]);
  });

  it('sends refused visitors to sign-in (A, B) or the dashboard home (C)', () => {
    expect(guardRedirects).toEqual({ A: paths.auth.login, B: paths.auth.login, C: paths.dashboard.home });
  });

  it('always redirects with history replaced', () => {
    expect(decideRoute('A', SESSION_MARKERS.sender)).toEqual({
      allowed: false,
      redirectTo: '/auth/login',
      replace: true,
    });
    expect(decideRoute('C', SESSION_MARKERS.sender)).toEqual({
      allowed: false,
      redirectTo: '/dashboard/home',
      replace: true,
    });
    expect(decideRoute('B', SESSION_MARKERS.sender)).toEqual({ allowed: true });
  });

  it('never refuses a visitor from both the sign-in and the dashboard areas', () => {
    for (const marker of [null, '', 'forged', SESSION_MARKERS.admin, SESSION_MARKERS.sender]) {
      expect(canEnterDashboard(marker) || canEnterSignedOutArea(marker)).toBe(true);
    }
  });

  it('sends a sender away from the admin areas to 403, and an anonymous visitor to sign-in', () => {
    expect(adminAreaRedirect(SESSION_MARKERS.admin)).toBeNull();
    expect(adminAreaRedirect(SESSION_MARKERS.sender)).toBe(paths.forbidden);
    expect(adminAreaRedirect(null)).toBe(paths.auth.login);
    expect(adminAreaRedirect('forged')).toBe(paths.auth.login);
  });
});
