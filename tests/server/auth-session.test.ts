import { SESSION_COOKIE, tokenPairSchema, userSchema } from '../../contract/auth.contract.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

describe('sessions: refresh, reuse detection, logout, user status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });
  const userStatus = (access: string) =>
    t.app.inject({ url: '/api/auth/user-status', headers: bearer(access) });
  const logout = (options: { access?: string; refresh?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: options.access ? bearer(options.access) : {},
      payload: options.refresh ? { refresh: options.refresh } : {},
    });

  it('user-status returns the signed-in user in the contract shape', async () => {
    const session = await t.signInAs('admin');
    const response = await userStatus(session.access);
    expect(response.statusCode).toBe(200);
    expect(userSchema.strict().parse(response.json())).toEqual(session.user);
  });

  it('rotates the refresh token: a new pair each time, and both new tokens work', async () => {
    const session = await t.signInAs('sender');
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(first.json());
    expect(pair.refresh).not.toBe(session.refresh);
    expect((await userStatus(pair.access)).statusCode).toBe(200);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('stores refresh tokens only as sha256 hashes', async () => {
    const session = await t.signInAs('sender');
    const rows = await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute();
    const hashes = rows.map((row) => row.token_hash);
    expect(hashes).toContain(hashToken(session.refresh));
    expect(hashes).not.toContain(session.refresh);
  });

  it('treats a reused refresh token as theft and ends the whole session', async () => {
    const session = await t.signInAs('sender');
    const rotated = tokenPairSchema.parse((await refresh(session.refresh)).json());

    const reuse = await refresh(session.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ statusCode: 401, code: 'errors.sessionExpired' });

    // The legitimate-looking newer tokens of that session are dead too.
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    const status = await userStatus(rotated.access);
    expect(status.statusCode).toBe(401);
    expect(status.json().code).toBe('errors.unauthorized');
    expect((await userStatus(session.access)).statusCode).toBe(401);
  });

  it('a reuse in one session leaves the same user’s other sessions alone', async () => {
    const user = await t.createUser({ role: 'sender' });
    const phone = await t.signIn(user.username, user.password);
    const laptop = await t.signIn(user.username, user.password);
    await refresh(phone.refresh);
    await refresh(phone.refresh);
    expect((await userStatus(laptop.access)).statusCode).toBe(200);
    expect((await refresh(laptop.refresh)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const session = await t.signInAs('sender');
    await t.app.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(session.refresh))
      .execute();
    const response = await refresh(session.refresh);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('errors.sessionExpired');
  });

  it('refuses an unknown refresh token and an empty body', async () => {
    const unknown = await refresh('not-a-token-we-issued');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('errors.sessionExpired');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ refresh: 'validation.required' });
  });

  it('logout with the access token revokes the session and clears the cookie', async () => {
    const session = await t.signInAs('admin');
    const response = await logout({ access: session.access });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=;`);
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Path=/');
    expect((await userStatus(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('logout with only the refresh token (expired access) revokes the session', async () => {
    const session = await t.signInAs('sender');
    expect((await logout({ refresh: session.refresh })).statusCode).toBe(204);
    expect((await userStatus(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('logout without any credential still answers 204 and clears the cookie', async () => {
    const other = await t.signInAs('sender');
    const response = await logout({});
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=0');
    // Nobody else was signed out.
    expect((await userStatus(other.access)).statusCode).toBe(200);
  });

  it('logout with a bad access token is not an error and revokes nothing', async () => {
    const session = await t.signInAs('sender');
    const response = await logout({ access: 'garbage' });
    expect(response.statusCode).toBe(204);
    expect((await userStatus(session.access)).statusCode).toBe(200);
  });

  it('signing in twice makes two independent sessions', async () => {
    const user = await t.createUser({ role: 'sender' });
    const a = await t.signIn(user.username, user.password);
    const b = await t.signIn(user.username, user.password);
    await logout({ access: a.access });
    expect((await userStatus(a.access)).statusCode).toBe(401);
    expect((await userStatus(b.access)).statusCode).toBe(200);
  });
});
