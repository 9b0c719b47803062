import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { SESSION_MARKERS } from '../../contract/auth.contract.ts';
import { createAppServices, type AppServices } from '../../src/app/app-services.tsx';
import { provideThemesScreen } from '../../src/app/wiring/themes-screen.wiring.ts';
import type { Notice } from '../../src/machines/notify.ts';
import { AUTH_STORAGE_KEY } from '../../src/services/auth-storage.ts';
import { readSessionMarker } from '../../src/services/session-cookie.ts';
import { themesQueryKey } from '../../src/services/theme.service.ts';
import { createFakeServer, unauthorized, type Handler } from '../support/fake-server.ts';
import { adminLogin, adminUser, themes } from '../support/fixtures.ts';
import { removeSessionCookie, setSessionCookie } from '../support/session-actor.ts';

let services: AppServices | undefined;

afterEach(() => {
  services?.dispose();
  services = undefined;
});

/** A server that accepts one access token at a time, as the real one does after a rotation. */
function createServer() {
  const state = { validAccess: adminLogin.access };
  const authorised =
    (reply: Handler): Handler =>
    (request) =>
      request.authorization === `Bearer ${state.validAccess}` ? reply(request) : unauthorized;
  const server = createFakeServer({
    'POST /auth/login/': ({ body }) => {
      const { password } = body as { password: string };
      if (password !== 'secret') {
        return { status: 401, data: { statusCode: 401, code: 'errors.invalidCredentials', message: 'no' } };
      }
      setSessionCookie(SESSION_MARKERS.admin); // the server's Set-Cookie
      return { status: 200, data: adminLogin };
    },
    'POST /auth/logout/': () => {
      removeSessionCookie();
      return { status: 204 };
    },
    'GET /auth/user-status': authorised(() => ({ status: 200, data: adminUser })),
    'GET /control/theme/': authorised(() => ({ status: 200, data: themes })),
    'POST /control/theme/': authorised(({ body }) => ({
      status: 201,
      data: { id: 't9', is_active: false, ...(body as object) },
    })),
  });
  return { server, state };
}

function start(server: ReturnType<typeof createFakeServer>) {
  const notices: Notice[] = [];
  services = createAppServices({ httpAdapter: server.adapter, notify: (notice) => notices.push(notice) });
  return { services, notices };
}

function seedStoredSession(access: string, refresh: string) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: adminUser, access, refresh }));
  setSessionCookie(SESSION_MARKERS.admin);
}

describe('app services', () => {
  it('signs in, marks the session, and loads the themes through the query cache', async () => {
    const { server } = createServer();
    const { services, notices } = start(server);
    await waitFor(services.auth, (snapshot) => snapshot.matches('signedOut'));

    services.auth.send({ type: 'auth.login', username: 'ada', password: 'secret' });
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    expect(services.auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(services.session.getSnapshot().value).toBe('admin');
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(adminLogin);
    expect(services.theme.getSnapshot().context.themes).toEqual(themes);
    expect((await services.queryClient.load()).getQueryData(themesQueryKey)).toEqual(themes);
    // With the interface language, which the account's security e-mails are written in.
    expect(server.seen('POST /auth/login/')[0]?.body).toEqual({
      username: 'ada',
      password: 'secret',
      language: expect.stringMatching(/^(ar|en)$/),
    });
    expect(notices).toContainEqual({ kind: 'success', key: 'auth.loginSucceeded' });
  });

  it('shows the invalid-credentials key when the password is wrong', async () => {
    const { server } = createServer();
    const { services } = start(server);
    await waitFor(services.auth, (snapshot) => snapshot.matches('signedOut'));

    services.auth.send({ type: 'auth.login', username: 'ada', password: 'nope' });
    const snapshot = await waitFor(
      services.auth,
      (s) => s.matches({ signedOut: 'idle' }) && s.context.errorKey !== null,
    );

    expect(snapshot.context.errorKey).toBe('errors.invalidCredentials');
    expect(services.session.getSnapshot().value).toBe('anonymous');
  });

  it('restores a stored session while the cookie still marks one', async () => {
    const { server } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);

    const { services } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    expect(services.auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(services.session.getSnapshot().value).toBe('admin');
  });

  it('drops stored tokens whose cookie is gone', async () => {
    const { server } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);
    removeSessionCookie();

    const { services } = start(server);
    await waitFor(services.auth, (snapshot) => snapshot.matches('signedOut'));

    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('refreshes a stale access token once for the concurrent calls and retries them', async () => {
    const { server, state } = createServer();
    state.validAccess = 'access-fresh';
    seedStoredSession('access-stale', 'refresh-1');
    server.on('POST /auth/token/refresh/', ({ body }) =>
      (body as { refresh: string }).refresh === 'refresh-1'
        ? { status: 200, data: { access: 'access-fresh', refresh: 'refresh-2' } }
        : unauthorized,
    );

    const { services } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));
    await vi.waitFor(() => expect(server.seen('GET /auth/user-status')).toHaveLength(2));

    expect(server.seen('POST /auth/token/refresh/')).toHaveLength(1);
    expect(services.auth.getSnapshot().context).toMatchObject({
      access: 'access-fresh',
      refresh: 'refresh-2',
    });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toMatchObject({
      refresh: 'refresh-2',
    });
    expect(server.seen('GET /control/theme/').map((request) => request.authorization)).toEqual([
      'Bearer access-stale',
      'Bearer access-fresh',
    ]);
  });

  it('takes the tokens another tab already rotated instead of spending the old refresh token', async () => {
    const { server, state } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);
    const refreshCalls = vi.fn(() => unauthorized); // presenting refresh-1 again would end the session
    server.on('POST /auth/token/refresh/', refreshCalls);
    const { services } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    // The other tab refreshed: the server now accepts only its new access token.
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user: adminUser, access: 'access-other-tab', refresh: 'refresh-other-tab' }),
    );
    state.validAccess = 'access-other-tab';
    const status = await (await services.connection()).get('/auth/user-status');

    expect(status.status).toBe(200);
    expect(refreshCalls).not.toHaveBeenCalled();
    expect(services.auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(services.auth.getSnapshot().context).toMatchObject({
      access: 'access-other-tab',
      refresh: 'refresh-other-tab',
    });
  });

  it('signs this tab out when another tab signs out, without touching what that tab stores', async () => {
    const { server } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);
    const { services, notices } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    localStorage.removeItem(AUTH_STORAGE_KEY); // what the other tab's sign-out did
    localStorage.setItem('i18nextLng', 'en');
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, storageArea: localStorage }));

    expect(services.auth.getSnapshot().matches('signedOut')).toBe(true);
    expect(services.auth.getSnapshot().context.access).toBeNull();
    expect(services.theme.getSnapshot().context.themes).toEqual([]);
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(server.seen('POST /auth/logout/')).toHaveLength(0);
    expect(notices).toContainEqual({ kind: 'success', key: 'auth.signedOutElsewhere' });
  });

  it('follows the tokens another tab rotated as soon as it stores them', async () => {
    const { server } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);
    const { services } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    const rotated = { user: adminUser, access: 'access-other-tab', refresh: 'refresh-other-tab' };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(rotated));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, storageArea: localStorage }));

    expect(services.auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(services.auth.getSnapshot().context).toMatchObject({
      access: rotated.access,
      refresh: rotated.refresh,
    });
  });

  it('refreshes inside a lock shared by the browser tabs, where the browser has one', async () => {
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      const { server, state } = createServer();
      state.validAccess = 'access-fresh';
      seedStoredSession('access-stale', 'refresh-1');
      server.on('POST /auth/token/refresh/', () => ({
        status: 200,
        data: { access: 'access-fresh', refresh: 'refresh-2' },
      }));
      const { services } = start(server);
      await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.calls[0]?.[0]).toBe('el-namer:token-refresh');
      expect(server.seen('POST /auth/token/refresh/')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('signs the user out when the refresh token is dead', async () => {
    const { server, state } = createServer();
    state.validAccess = 'nothing-valid';
    seedStoredSession('access-stale', 'refresh-dead');
    localStorage.setItem('i18nextLng', 'en');
    server.on('POST /auth/token/refresh/', () => ({
      status: 401,
      data: { statusCode: 401, code: 'errors.sessionExpired', message: 'expired' },
    }));

    const { services, notices } = start(server);
    await waitFor(services.auth, (snapshot) => snapshot.matches('signedOut'));

    expect(server.seen('POST /auth/token/refresh/')).toHaveLength(1);
    expect(notices).toEqual([{ kind: 'error', key: 'errors.sessionExpired' }]);
    expect(readSessionMarker()).toBeNull();
    expect(services.session.getSnapshot().value).toBe('anonymous');
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(services.theme.getSnapshot().value).toBe('idle');
    expect((await services.queryClient.load()).getQueryCache().getAll()).toHaveLength(0);
  });

  it('logs out: cookie, tokens, themes and cached queries go; the language stays', async () => {
    const { server } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);
    localStorage.setItem('i18nextLng', 'ar');
    const { services, notices } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    services.auth.send({ type: 'auth.logout' });
    await waitFor(services.auth, (snapshot) => snapshot.matches('signedOut'));

    expect(server.seen('POST /auth/logout/')[0]?.body).toEqual({ refresh: adminLogin.refresh });
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(readSessionMarker()).toBeNull();
    expect(services.session.getSnapshot().value).toBe('anonymous');
    expect(services.theme.getSnapshot().context.themes).toEqual([]);
    expect((await services.queryClient.load()).getQueryData(themesQueryKey)).toBeUndefined();
    expect(notices).toContainEqual({ kind: 'success', key: 'auth.logoutSucceeded' });
  });

  it('refetches the theme list from the server after an add, for the screen and the colours', async () => {
    const { server } = createServer();
    seedStoredSession(adminLogin.access, adminLogin.refresh);
    const { services } = start(server);
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));
    const screen = provideThemesScreen({ ...services, activeTheme: services.theme });
    const refreshList = vi.fn();
    const form = createActor(screen.form(refreshList)).start();

    form.send({ type: 'theme.form.change', field: 'name', value: 'Forest' });
    form.send({ type: 'theme.add' });
    await waitFor(services.theme, (snapshot) => snapshot.matches('loading'));
    await waitFor(services.theme, (snapshot) => snapshot.matches('ready'));

    expect(server.seen('POST /control/theme/')[0]?.body).toMatchObject({ name: 'Forest' });
    expect(server.seen('GET /control/theme/')).toHaveLength(2);
    expect(refreshList).toHaveBeenCalledOnce();
    form.stop();
  });

  it('stops every actor on dispose', async () => {
    const { server } = createServer();
    const { services } = start(server);

    services.dispose();

    for (const actor of [services.session, services.auth, services.tokenRefresh, services.theme]) {
      expect(actor.getSnapshot().status).toBe('stopped');
    }
  });
});
