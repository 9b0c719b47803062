import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { passwordHashingStats } from '../../server/lib/password.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type LoginOptions = { ip?: string; headers?: Record<string, string> };
const login = (t: TestApp, username: string, password: string, { ip, headers }: LoginOptions = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { username, password },
    remoteAddress: ip ?? '127.0.0.1',
    headers,
  });

const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describe('sign-in attempts are counted before the password is checked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 5, loginMaxFailuresPerIp: 1000 });
  });
  afterAll(() => t.close());

  it('checks at most the limit of 50 parallel wrong passwords and refuses the rest with 429', async () => {
    const user = await t.createUser({ role: 'sender' });
    const before = passwordHashingStats().derivations;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => login(t, user.username, 'wrong', { ip: '10.9.0.1' })),
    );
    expect(passwordHashingStats().derivations - before).toBeLessThanOrEqual(5);
    expect(statuses(responses)).toEqual({ 401: 5, 429: 45 });
    // The right password is refused too while the window is full.
    expect((await login(t, user.username, user.password, { ip: '10.9.0.1' })).statusCode).toBe(429);
  });

  it('counts a user name and its e-mail address as one name', async () => {
    const email = `one-${Date.now()}@example.test`;
    const user = await t.createUser({ role: 'sender', email });
    const ip = '10.9.0.2';
    for (const name of [user.username, email, email.toUpperCase(), user.username, email]) {
      expect((await login(t, name, 'wrong', { ip })).statusCode).toBe(401);
    }
    expect((await login(t, user.username, user.password, { ip })).statusCode).toBe(429);
    expect((await login(t, email, user.password, { ip })).statusCode).toBe(429);
  });

  it('lets a successful sign-in give its attempt back to the address-wide window', async () => {
    const limited = await createTestApp({ loginMaxFailures: 5, loginMaxFailuresPerIp: 2 });
    try {
      const user = await limited.createUser({ role: 'sender' });
      for (let i = 0; i < 4; i++) {
        expect((await login(limited, user.username, user.password, { ip: '10.9.0.3' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('password hashing queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      loginMaxFailures: 1000,
      loginMaxFailuresPerIp: 1000,
      passwordHashing: { concurrency: 1, queue: 1 },
    });
  });
  afterAll(() => t.close());

  it('answers 503 with the contract body and Retry-After when full, and checks the rest', async () => {
    const user = await t.createUser({ role: 'sender' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(t, user.username, 'wrong', { ip: `10.8.0.${i + 1}` })),
    );
    const counts = statuses(responses);
    expect(counts[401]).toBeGreaterThanOrEqual(2);
    expect(counts[503]).toBeGreaterThanOrEqual(1);
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(10);
    const busy = responses.find((response) => response.statusCode === 503)!;
    expect(apiErrorSchema.strict().parse(busy.json())).toMatchObject({
      statusCode: 503,
      code: 'errors.unavailable',
    });
    expect(busy.headers['retry-after']).toBe('1');
    expect(passwordHashingStats()).toMatchObject({ active: 0, waiting: 0 });
    // A refused attempt was never checked, so it does not count against the name's window.
    const row = await t.app.db
      .selectFrom('login_failures')
      .select('count')
      .where('key', '=', `id:${user.username.toLowerCase()}|ip:10.8.0.1`)
      .executeTakeFirst();
    expect(row?.count ?? 0).toBeLessThanOrEqual(1);
    // Once the burst is over, the right password works.
    expect((await login(t, user.username, user.password, { ip: '10.8.0.99' })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const forgedBurst = async (t: TestApp, username: string, proxy: string) => {
    const responses = [];
    for (let i = 0; i < 8; i++) {
      // The caller writes the left-most address; the proxy appends the address it saw.
      const headers = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` };
      responses.push(await login(t, username, 'wrong', { ip: proxy, headers }));
    }
    return statuses(responses);
  };

  it.each([
    ['a hop count', 1],
    ['a list of proxy addresses', '10.7.0.0/16, 127.0.0.1'],
  ])('given %s, limits the address the proxy saw, not forged ones', async (_, trustProxy) => {
    const t = await createTestApp({ trustProxy, loginMaxFailures: 100, loginMaxFailuresPerIp: 3 });
    try {
      const user = await t.createUser({ role: 'sender' });
      expect(await forgedBurst(t, user.username, '10.7.0.1')).toEqual({ 401: 3, 429: 5 });
      // Another client behind the same proxy is a different address.
      const other = await login(t, user.username, user.password, {
        ip: '10.7.0.1',
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const t = await createTestApp({
      trustProxy: '10.7.0.0/16',
      loginMaxFailures: 100,
      loginMaxFailuresPerIp: 3,
    });
    try {
      const user = await t.createUser({ role: 'sender' });
      // Straight from the internet: each request claims a new address, all count as one.
      expect(await forgedBurst(t, user.username, '192.0.2.50')).toEqual({ 401: 3, 429: 5 });
      const fromProxy = await login(t, user.username, user.password, {
        ip: '10.7.0.1',
        headers: { 'x-forwarded-for': '192.0.2.50' },
      });
      // The same client through the proxy is the same, now blocked, address.
      expect(fromProxy.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
