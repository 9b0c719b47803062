import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MARKERS } from '../../contract/auth.contract.ts';
import { selectIsBusy, selectIsSignedIn } from '../../src/machines/auth.machine.ts';
import { AUTH_STORAGE_KEY } from '../../src/services/auth-storage.ts';
import { readSessionMarker } from '../../src/services/session-cookie.ts';
import { createAuthHarness } from '../support/auth-harness.ts';
import { settle } from '../support/controlled-actor.ts';
import { adminLogin, adminUser, apiError, httpError, networkError } from '../support/fixtures.ts';
import { setSessionCookie } from '../support/session-actor.ts';

const stored = { user: adminUser, access: 'stored-access', refresh: 'stored-refresh' };

function storedAuth(): unknown {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** A started harness whose restore found nothing: signed out, ready for auth.login. */
async function signedOutHarness() {
  const harness = createAuthHarness();
  harness.auth.start();
  harness.restoreSession.resolve({ stored: null, marker: null });
  await settle();
  return harness;
}

/** A started harness signed in through the login form, the server having set the cookie. */
async function signedInHarness() {
  const harness = await signedOutHarness();
  harness.auth.send({ type: 'auth.login', username: 'ada', password: 'secret' });
  setSessionCookie(SESSION_MARKERS.admin);
  harness.login.resolve(adminLogin);
  await settle();
  harness.notices.length = 0;
  harness.announceSessionChanged.mockClear();
  return harness;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('auth machine: restoring the persisted sign-in', () => {
  it('is busy restoring at start', () => {
    const { auth } = createAuthHarness();

    auth.start();

    expect(auth.getSnapshot().value).toBe('restoring');
    expect(selectIsBusy(auth.getSnapshot())).toBe(true);
  });

  it('signs in with the stored user and tokens', async () => {
    const { auth, restoreSession } = createAuthHarness();
    auth.start();

    restoreSession.resolve({ stored, marker: SESSION_MARKERS.admin });
    await settle();

    expect(auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(auth.getSnapshot().context).toMatchObject(stored);
  });

  it('is signed out when nothing was stored, and drops a leftover cookie', async () => {
    setSessionCookie(SESSION_MARKERS.sender);
    const { auth, session, restoreSession } = createAuthHarness();
    auth.start();

    restoreSession.resolve({ stored: null, marker: SESSION_MARKERS.sender });
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(readSessionMarker()).toBeNull();
    expect(session.getSnapshot().value).toBe('anonymous');
  });

  it('forgets stored tokens whose cookie is gone, so the login screen can sign in again', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
    const { auth, restoreSession } = createAuthHarness();
    auth.start();

    restoreSession.resolve({ stored, marker: null });
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(auth.getSnapshot().context.access).toBeNull();
    expect(storedAuth()).toBeNull();
  });

  it('does not take a cookie that is neither marker for a session', async () => {
    const { auth, restoreSession } = createAuthHarness();
    auth.start();

    restoreSession.resolve({ stored, marker: 'forged' });
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it('is signed out when reading the stored state fails', async () => {
    const { auth, restoreSession } = createAuthHarness();
    auth.start();

    restoreSession.reject(new Error('storage unavailable'));
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it('gives up after 5000 ms when the restore never settles', async () => {
    vi.useFakeTimers();
    const { auth } = createAuthHarness();
    auth.start();

    vi.advanceTimersByTime(4999);
    const justBefore = auth.getSnapshot().value;
    vi.advanceTimersByTime(1);

    expect(justBefore).toBe('restoring');
    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it('updates the user from the user-status call once signed in', async () => {
    const { auth, restoreSession, fetchUserStatus } = createAuthHarness();
    auth.start();
    restoreSession.resolve({ stored, marker: SESSION_MARKERS.admin });
    await settle();

    fetchUserStatus.resolve({ ...adminUser, remaining_quota: 5 });
    await settle();

    expect(auth.getSnapshot().context.user?.remaining_quota).toBe(5);
    expect(storedAuth()).toMatchObject({ user: { remaining_quota: 5 }, access: 'stored-access' });
  });
});

describe('auth machine: login', () => {
  it('submits the credentials and is busy meanwhile', async () => {
    const { auth, login } = await signedOutHarness();

    auth.send({ type: 'auth.login', username: 'ada', password: 'secret' });

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'submitting' });
    expect(selectIsBusy(auth.getSnapshot())).toBe(true);
    expect(login.last().input).toEqual({ username: 'ada', password: 'secret' });
  });

  it('on success stores user and tokens, tells the session and shows the success toast', async () => {
    const { auth, session, login, notices, announceSessionChanged } = await signedOutHarness();
    auth.send({ type: 'auth.login', username: 'ada', password: 'secret' });

    setSessionCookie(SESSION_MARKERS.admin);
    login.resolve(adminLogin);
    await settle();

    expect(auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(selectIsSignedIn(auth.getSnapshot())).toBe(true);
    expect(auth.getSnapshot().context).toEqual({ ...adminLogin, errorKey: null, ticket: null });
    expect(storedAuth()).toEqual(adminLogin);
    expect(announceSessionChanged).toHaveBeenCalledTimes(2); // after the empty restore, then login
    expect(session.getSnapshot().value).toBe('admin');
    expect(notices).toEqual([{ kind: 'success', key: 'auth.loginSucceeded' }]);
  });

  it.each([
    {
      reason: 'wrong credentials',
      error: apiError(401, 'errors.invalidCredentials'),
      key: 'errors.invalidCredentials',
    },
    {
      reason: 'an inactive account',
      error: apiError(401, 'errors.inactiveAccount'),
      key: 'errors.inactiveAccount',
    },
    {
      reason: 'too many attempts',
      error: apiError(429, 'errors.tooManyAttempts'),
      key: 'errors.tooManyAttempts',
    },
    { reason: 'a 429 without our body', error: httpError(429, 'slow down'), key: 'errors.tooManyAttempts' },
    { reason: 'a 401 without our body', error: httpError(401, ''), key: 'errors.invalidCredentials' },
    { reason: 'no network', error: networkError(), key: 'errors.network' },
    { reason: 'a server crash', error: httpError(500, '<html>'), key: 'errors.unexpected' },
  ])('on $reason stays signed out with the key $key', async ({ error, key }) => {
    const { auth, login, notices } = await signedOutHarness();
    auth.send({ type: 'auth.login', username: 'ada', password: 'wrong' });

    login.reject(error);
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(auth.getSnapshot().context.errorKey).toBe(key);
    expect(auth.getSnapshot().context.user).toBeNull();
    expect(storedAuth()).toBeNull();
    expect(notices).toEqual([]);
  });

  it('clears the previous error when the user tries again', async () => {
    const { auth, login } = await signedOutHarness();
    auth.send({ type: 'auth.login', username: 'ada', password: 'wrong' });
    login.reject(apiError(401, 'errors.invalidCredentials'));
    await settle();

    auth.send({ type: 'auth.login', username: 'ada', password: 'right' });

    expect(auth.getSnapshot().context.errorKey).toBeNull();
  });

  it('does not submit an empty form', async () => {
    const { auth, login } = await signedOutHarness();

    auth.send({ type: 'auth.login', username: '  ', password: '' });

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(auth.getSnapshot().context.errorKey).toBe('validation.required');
    expect(login.calls).toHaveLength(0);
  });
});

describe('auth machine: signed in', () => {
  it('keeps refreshed tokens in context and storage', async () => {
    const { auth } = await signedInHarness();

    auth.send({ type: 'auth.tokensRefreshed', access: 'access-2', refresh: 'refresh-2' });

    expect(auth.getSnapshot().context).toMatchObject({
      access: 'access-2',
      refresh: 'refresh-2',
      user: adminUser,
    });
    expect(storedAuth()).toEqual({ user: adminUser, access: 'access-2', refresh: 'refresh-2' });
  });

  it('keeps a refreshed user in context and storage', async () => {
    const { auth } = await signedInHarness();

    auth.send({ type: 'auth.userRefreshed', user: { ...adminUser, sender_name: 'Lovelace' } });

    expect(auth.getSnapshot().context.user?.sender_name).toBe('Lovelace');
    expect(storedAuth()).toMatchObject({ user: { sender_name: 'Lovelace' } });
  });
});

describe('auth machine: logout', () => {
  it('calls the logout API with the refresh token while busy', async () => {
    const { auth, logout } = await signedInHarness();

    auth.send({ type: 'auth.logout' });

    expect(auth.getSnapshot().value).toBe('signingOut');
    expect(selectIsBusy(auth.getSnapshot())).toBe(true);
    expect(logout.last().input).toEqual({ refresh: 'refresh-1' });
  });

  it('clears user, tokens, cookie and all local storage except the language', async () => {
    const { auth, session, logout, notices, announceSessionChanged } = await signedInHarness();
    localStorage.setItem('i18nextLng', 'en');
    localStorage.setItem('persist:drafts', '{}');
    auth.send({ type: 'auth.logout' });

    logout.resolve();
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(auth.getSnapshot().context).toEqual({
      user: null,
      access: null,
      refresh: null,
      errorKey: null,
      ticket: null,
    });
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(readSessionMarker()).toBeNull();
    expect(announceSessionChanged).toHaveBeenCalledOnce();
    expect(session.getSnapshot().value).toBe('anonymous');
    expect(notices).toEqual([{ kind: 'success', key: 'auth.logoutSucceeded' }]);
  });

  it('signs out locally even when the logout call fails', async () => {
    const { auth, logout, notices } = await signedInHarness();
    auth.send({ type: 'auth.logout' });

    logout.reject(networkError());
    await settle();

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(storedAuth()).toBeNull();
    expect(readSessionMarker()).toBeNull();
    expect(notices).toEqual([{ kind: 'success', key: 'auth.logoutSucceeded' }]);
  });
});

describe('auth machine: session expiry', () => {
  it('clears everything without calling the API and shows the expiry toast', async () => {
    const { auth, session, logout, notices } = await signedInHarness();
    localStorage.setItem('i18nextLng', 'ar');

    auth.send({ type: 'auth.sessionExpired' });

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(auth.getSnapshot().context.access).toBeNull();
    expect(logout.calls).toHaveLength(0);
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(readSessionMarker()).toBeNull();
    expect(session.getSnapshot().value).toBe('anonymous');
    expect(notices).toEqual([{ kind: 'error', key: 'errors.sessionExpired' }]);
  });

  it('is ignored while signed out', async () => {
    const { auth, notices } = await signedOutHarness();

    auth.send({ type: 'auth.sessionExpired' });

    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(notices).toEqual([]);
  });
});
