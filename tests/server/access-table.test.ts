import { randomUUID } from 'node:crypto';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Every API route, read from the app itself, called as anonymous, as a sender and as an
 * administrator. A route added without thinking about who may call it shows up here: its access
 * rule is what the server enforces, whatever the browser's guards do.
 */
type Caller = 'anonymous' | 'sender' | 'admin';

function concretePath(url: string): string {
  // Unknown ids: an allowed caller gets a 404 (or 400), never data, and a refused caller is
  // refused before the id is even looked at.
  return url.replace(/:[A-Za-z_]+/g, () => randomUUID());
}

describe(`access rules of every API route (${engine})`, () => {
  let t: TestApp;
  const tokens: Partial<Record<Exclude<Caller, 'anonymous'>, string>> = {};
  const accounts: Partial<Record<Exclude<Caller, 'anonymous'>, { username: string; password: string }>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['sender', 'admin'] as const) {
      accounts[role] = await t.createUser({ role });
      tokens[role] = (await t.signIn(accounts[role].username, accounts[role].password)).access;
    }
  });
  afterAll(() => t.close());

  /** Some calls end the caller's own session (sign-out, password change): sign in again then. */
  async function tokenOf(role: Exclude<Caller, 'anonymous'>): Promise<string> {
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-status',
      headers: bearer(tokens[role]!),
    });
    if (check.statusCode !== 200) {
      tokens[role] = (await t.signIn(accounts[role]!.username, accounts[role]!.password)).access;
    }
    return tokens[role]!;
  }

  async function call(caller: Caller, method: string, url: string) {
    const headers = caller === 'anonymous' ? {} : bearer(await tokenOf(caller));
    const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
    return t.app.inject({ method: method as 'GET', url: concretePath(url), headers, payload });
  }

  it('knows the routes of every area', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(20);
  });

  it('answers 401 to anonymous callers of every non-public route', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const response = await call('anonymous', route.method, route.url);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to senders on every administrators-only route', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access === 'admin')) {
      const response = await call('sender', route.method, route.url);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets each caller through to the route itself where its rule allows', async () => {
    const allowed: Record<Caller, ReadonlyArray<string>> = {
      anonymous: ['public'],
      sender: ['public', 'user'],
      admin: ['public', 'user', 'admin'],
    };
    for (const caller of ['anonymous', 'sender', 'admin'] as const) {
      for (const route of t.app.apiRoutes.filter((r) => allowed[caller].includes(r.access))) {
        // Skip the calls that sign the caller out or rotate tokens: they are tested on their own.
        if (/logout|token\/refresh|login/.test(route.url)) continue;
        const response = await call(caller, route.method, route.url);
        expect([401, 403], `${caller}: ${route.method} ${route.url} -> ${response.statusCode}`).not.toContain(
          response.statusCode,
        );
        expect(response.statusCode, `${caller}: ${route.method} ${route.url}`).toBeLessThan(500);
      }
    }
  });

  it('never lets a sender raise its own quota, role or active flag', async () => {
    const token = await tokenOf('sender');
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-status',
      headers: bearer(token),
    });
    const attempts = [
      {
        method: 'PATCH',
        url: '/api/auth/profile/',
        payload: { role: 'admin', quota: 1_000_000, is_active: true },
      },
      {
        method: 'PATCH',
        url: `/api/auth/users/${before.json().id ?? randomUUID()}/`,
        payload: { role: 'admin' },
      },
      {
        method: 'POST',
        url: `/api/auth/users/${before.json().id ?? randomUUID()}/quota/`,
        payload: { amount: 1_000_000, reason: 'mine' },
      },
    ] as const;
    for (const attempt of attempts) {
      await t.app.inject({ ...attempt, headers: bearer(await tokenOf('sender')) });
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-status',
      headers: bearer(await tokenOf('sender')),
    });
    expect(after.json()).toMatchObject({ role: 'sender', quota: before.json().quota });
  });
});
