import { SESSION_COOKIE, SESSION_MARKERS, userSchema } from '../../contract/auth.contract.ts';
import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { setUserActive } from '../../server/modules/users/users.repository.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const login = (t: TestApp, username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password }, remoteAddress });

describe('POST /api/auth/login/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in by user name and returns the user, an access token and a refresh token', async () => {
    const user = await t.createUser({ role: 'sender', username: 'mona' });
    const response = await login(t, 'mona', user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(userSchema.parse(body.user)).toEqual({
      id: user.id,
      username: 'mona',
      email: 'mona@example.test',
      role: 'sender',
      is_active: true,
      organization: null,
      sender_name: null,
      quota: 100,
      used_quota: 0,
      remaining_quota: 100,
      credit_alert_threshold: 0,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh).toMatch(/^[\w-]{43}$/);
  });

  it('signs in by e-mail address in any letter case', async () => {
    const user = await t.createUser({ role: 'sender', username: 'karim', email: 'Karim@Example.test' });
    const response = await login(t, 'KARIM@example.TEST', user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.username).toBe('karim');
  });

  it('refuses a wrong password with errors.invalidCredentials', async () => {
    await t.createUser({ role: 'sender', username: 'salma' });
    const response = await login(t, 'salma', 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      statusCode: 401,
      code: 'errors.invalidCredentials',
    });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const response = await login(t, 'nobody-here', 'whatever');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('errors.invalidCredentials');
  });

  it('tells a disabled account apart only when the password is right', async () => {
    const user = await t.createUser({ role: 'sender', username: 'disabled-user', isActive: false });
    const right = await login(t, 'disabled-user', user.password);
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('errors.inactiveAccount');
    const wrong = await login(t, 'disabled-user', 'not-it');
    expect(wrong.json().code).toBe('errors.invalidCredentials');
  });

  it('validates the body with the contract and names the failing fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'errors.validation',
      message: expect.any(String),
      fields: { username: 'validation.required', password: 'validation.required' },
    });
  });

  it.each(['admin', 'sender'] as const)('sets the routing cookie with the %s marker', async (role) => {
    const user = await t.createUser({ role });
    const response = await login(t, user.username, user.password);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=${SESSION_MARKERS[role]};`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
    // The browser's guards read it, so it must not be HttpOnly (and it is no credential).
    expect(cookie.toLowerCase()).not.toContain('httponly');
  });

  it('sets no cookie when sign-in fails', async () => {
    const response = await login(t, 'nobody-here', 'whatever');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('stops a disabled account that was active when its tokens were issued', async () => {
    const user = await t.createUser({ role: 'sender' });
    const session = await t.signIn(user.username, user.password);
    await setUserActive(t.app.db, user.id, false);
    const status = await t.app.inject({
      url: '/api/auth/user-status',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(status.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3, loginMaxFailuresPerIp: 6, loginWindowSeconds: 900 });
  });
  afterAll(() => t.close());

  it('answers 429 after too many failures, even to the right password, with Retry-After', async () => {
    const user = await t.createUser({ role: 'sender' });
    const ip = '10.0.0.1';
    for (let i = 0; i < 3; i++) expect((await login(t, user.username, 'bad', ip)).statusCode).toBe(401);
    const blocked = await login(t, user.username, user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'errors.tooManyAttempts' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Still blocked on the next try: the window has not passed.
    expect((await login(t, user.username, user.password, ip)).statusCode).toBe(429);
    // The same account from another address is a different key.
    expect((await login(t, user.username, user.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts the identifier case-insensitively', async () => {
    const user = await t.createUser({ role: 'sender', username: 'casey' });
    const ip = '10.0.1.1';
    for (const name of ['casey', 'CASEY', 'Casey']) await login(t, name, 'bad', ip);
    expect((await login(t, 'casey', user.password, ip)).statusCode).toBe(429);
  });

  it('clears the account counter after a successful sign-in', async () => {
    const user = await t.createUser({ role: 'sender' });
    const ip = '10.0.2.1';
    for (let i = 0; i < 2; i++) await login(t, user.username, 'bad', ip);
    expect((await login(t, user.username, user.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(t, user.username, 'bad', ip);
    // Four failures in all, but only two since the success: not blocked.
    expect((await login(t, user.username, user.password, ip)).statusCode).toBe(200);
  });

  it('limits one address across many identifiers', async () => {
    const user = await t.createUser({ role: 'sender' });
    const ip = '10.0.3.1';
    for (let i = 0; i < 6; i++) expect((await login(t, `guess-${i}`, 'bad', ip)).statusCode).toBe(401);
    const blocked = await login(t, user.username, user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await login(t, user.username, user.password, '10.0.3.2')).statusCode).toBe(200);
  });
});

describe('sign-in rate limit window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 2, loginWindowSeconds: 600 });
  });
  afterAll(() => t.close());

  // The app's clock moves instead of the test sleeping, so a slow machine cannot end the window
  // early (slow hashes) or late.
  it('lets the user in again once the window has passed', async () => {
    const user = await t.createUser({ role: 'sender' });
    for (let i = 0; i < 2; i++) await login(t, user.username, 'bad');
    expect((await login(t, user.username, user.password)).statusCode).toBe(429);
    t.advanceClock(300_000);
    expect((await login(t, user.username, user.password)).statusCode).toBe(429);
    t.advanceClock(301_000);
    expect((await login(t, user.username, user.password)).statusCode).toBe(200);
  });
});
