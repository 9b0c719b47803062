import { describe, expect, it, vi } from 'vitest';
import { requestRefresh } from '../../src/machines/token-refresh.machine.ts';
import { toAppError } from '../../src/lib/app-error.ts';
import { createHttpClient } from '../../src/services/http.ts';
import { apiError } from '../support/fixtures.ts';
import { createFakeServer, unauthorized, type Handler } from '../support/fake-server.ts';
import { createTokenRefreshHarness } from '../support/token-refresh-harness.ts';

/** Answers 200 to the current token only, 401 to any other. */
const acceptOnly =
  (token: string): Handler =>
  ({ authorization, url }) =>
    authorization === `Bearer ${token}` ? { status: 200, data: { url } } : unauthorized;

/** An http client whose refreshes go through a real token-refresh actor. */
function createClient(initialToken: string | null) {
  let token = initialToken;
  const server = createFakeServer();
  const harness = createTokenRefreshHarness();
  harness.announceTokensRefreshed.mockImplementation((_, tokens) => {
    token = tokens.access;
  });
  const http = createHttpClient({
    getAccessToken: () => token,
    refreshAccessToken: () => requestRefresh(harness.tokenRefresh),
    adapter: server.adapter,
  });
  return { http, server, ...harness };
}

describe('http client', () => {
  it('sends the access token as a bearer credential under /api', async () => {
    const { http, server } = createClient('access-1');
    server.on('GET /control/theme/', acceptOnly('access-1'));

    await http.get('/control/theme/');

    expect(http.defaults.baseURL).toBe('/api');
    expect(server.requests[0]?.authorization).toBe('Bearer access-1');
  });

  it('refreshes once for three concurrent 401s and retries all three with the new token', async () => {
    const { http, server, refresh } = createClient('access-old');
    for (const path of ['/a', '/b', '/c']) server.on(`GET ${path}`, acceptOnly('access-new'));

    const calls = Promise.all([http.get('/a'), http.get('/b'), http.get('/c')]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    await vi.waitFor(() => expect(refresh.calls).toHaveLength(1));
    refresh.resolve({ access: 'access-new', refresh: 'refresh-new' });
    const responses = await calls;

    expect(refresh.calls).toHaveLength(1);
    expect(responses.map((response) => response.data)).toEqual([{ url: '/a' }, { url: '/b' }, { url: '/c' }]);
    expect(server.requests.map((request) => request.authorization)).toEqual([
      ...Array(3).fill('Bearer access-old'),
      ...Array(3).fill('Bearer access-new'),
    ]);
  });

  it('rejects all three calls and reports the expiry when the refresh fails', async () => {
    const { http, server, refresh, announceSessionExpired } = createClient('access-old');
    for (const path of ['/a', '/b', '/c']) server.on(`GET ${path}`, acceptOnly('access-new'));

    const calls = Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    await vi.waitFor(() => expect(refresh.calls).toHaveLength(1));
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    refresh.reject(apiError(401, 'errors.sessionExpired'));
    const outcomes = await calls;

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(
      outcomes.map((outcome) => outcome.status === 'rejected' && toAppError(outcome.reason).code),
    ).toEqual(['errors.sessionExpired', 'errors.sessionExpired', 'errors.sessionExpired']);
    expect(announceSessionExpired).toHaveBeenCalledOnce();
    expect(server.requests).toHaveLength(3);
  });

  it('retries only once: a second 401 is final', async () => {
    const { http, server, refresh } = createClient('access-old');
    server.on('GET /a', () => unauthorized);

    const call = http.get('/a');
    await vi.waitFor(() => expect(refresh.calls).toHaveLength(1));
    refresh.resolve({ access: 'access-new', refresh: 'refresh-new' });

    await expect(call).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests).toHaveLength(2);
    expect(refresh.calls).toHaveLength(1);
  });

  it.each(['/auth/login/', '/auth/token/refresh/', '/auth/logout/'])(
    'never refreshes for a 401 from %s',
    async (path) => {
      const { http, server, refresh } = createClient('access-1');
      server.on(`POST ${path}`, () => unauthorized);

      await expect(http.post(path, {})).rejects.toMatchObject({ response: { status: 401 } });
      expect(refresh.calls).toHaveLength(0);
    },
  );

  it('does not refresh for a call made without a token', async () => {
    const { http, server, refresh } = createClient(null);
    server.on('GET /auth/user-status', () => unauthorized);

    await expect(http.get('/auth/user-status')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests[0]?.authorization).toBeNull();
    expect(refresh.calls).toHaveLength(0);
  });

  it('retries with the current token, without refreshing, a call that left before the last refresh', async () => {
    let token = 'access-old';
    const server = createFakeServer({ 'GET /a': acceptOnly('access-new') });
    const refreshAccessToken = vi.fn(async () => 'never-used');
    const http = createHttpClient({
      getAccessToken: () => token,
      refreshAccessToken,
      adapter: server.adapter,
    });
    server.on('GET /a', (request) => {
      // The token changes while this call is on the wire.
      token = 'access-new';
      return acceptOnly('access-new')(request);
    });

    const response = await http.get('/a');

    expect(response.status).toBe(200);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(server.requests.map((request) => request.authorization)).toEqual([
      'Bearer access-old',
      'Bearer access-new',
    ]);
  });

  it('sends a JSON body unchanged on the retry', async () => {
    const { http, server, refresh } = createClient('access-old');
    server.on('POST /control/theme/', (request) =>
      request.authorization === 'Bearer access-new' ? { status: 201, data: request.body } : unauthorized,
    );

    const call = http.post('/control/theme/', { name: 'Sea' });
    await vi.waitFor(() => expect(refresh.calls).toHaveLength(1));
    refresh.resolve({ access: 'access-new', refresh: 'refresh-new' });

    await expect(call).resolves.toMatchObject({ data: { name: 'Sea' } });
    expect(server.requests.map((request) => request.body)).toEqual([{ name: 'Sea' }, { name: 'Sea' }]);
  });
});
