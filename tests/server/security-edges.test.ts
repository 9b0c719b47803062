import { decodeJwt, SignJWT } from 'jose';
import { DEFAULT_NEW_THEME } from '../../contract/theme.defaults.ts';
import { createDb } from '../../server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { bearer, createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';

describe('security edges', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await t.signInAs('admin')).access);
  });
  afterAll(() => t.close());

  const createTheme = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/control/theme/',
      headers: admin,
      payload: { ...DEFAULT_NEW_THEME, name },
    });

  it.each([
    ['ÄRGER', 'ärger'],
    ['Ｄａｒｋ', 'dark'],
    ['ΣΟΦΙΑ', 'σοφια'],
  ])('treats theme names %s and %s as one name on every engine', async (first, second) => {
    const suffix = ` ${Math.random().toString(36).slice(2, 8)}`;
    expect((await createTheme(first + suffix)).statusCode).toBe(201);
    const again = await createTheme(second + suffix);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'errors.conflict', fields: { name: 'validation.nameTaken' } });
  });

  it('refuses a rename that folds to another theme name', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    expect((await createTheme(`ÖL ${suffix}`)).statusCode).toBe(201);
    const other = (await createTheme(`Wasser ${suffix}`)).json<{ id: string }>();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/control/theme/${other.id}/`,
      headers: admin,
      payload: { name: `öl ${suffix}` },
    });
    expect(renamed.statusCode).toBe(409);
  });

  it('refuses NUL in a renamed theme, a path id and a query string with 400', async () => {
    const theme = (await createTheme(`Nul ${Math.random()}`)).json<{ id: string }>();
    const requests = [
      { method: 'PATCH', url: `/api/control/theme/${theme.id}/`, payload: { name: 'a\u0000b' } },
      { method: 'PATCH', url: '/api/control/theme/%00/', payload: { name: 'fine' } },
      { method: 'POST', url: '/api/control/theme/ab%00cd/activate/' },
      { method: 'GET', url: '/api/auth/users/?search=%00' },
      { method: 'GET', url: '/api/auth/users/?search=a%00b' },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: admin });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().code).toBe('errors.validation');
    }
  });

  it('sends token answers with Cache-Control: no-store', async () => {
    const user = await t.createUser({ role: 'sender' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: user.username, password: user.password },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: signedIn.json().refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('refuses tokens that lack exp, iat or sub even when signed with our key', async () => {
    const session = await t.signInAs('admin');
    const { sid, sub } = decodeJwt(session.access);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const base = () =>
      new SignJWT({ sid, role: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('el-namer');
    const tokens = {
      complete: await base().setSubject(sub!).setIssuedAt().setExpirationTime('5m').sign(key),
      withoutExp: await base().setSubject(sub!).setIssuedAt().sign(key),
      withoutIat: await base().setSubject(sub!).setExpirationTime('5m').sign(key),
      withoutSub: await base().setIssuedAt().setExpirationTime('5m').sign(key),
    };
    const status = async (token: string) =>
      (await t.app.inject({ url: '/api/auth/user-status', headers: bearer(token) })).statusCode;
    expect(await status(tokens.complete)).toBe(200);
    expect(await status(tokens.withoutExp)).toBe(401);
    expect(await status(tokens.withoutIat)).toBe(401);
    expect(await status(tokens.withoutSub)).toBe(401);
  });

  it('sends no HSTS over plain HTTP, nor for a forged X-Forwarded-Proto', async () => {
    const plain = await t.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted proxy', () => {
  it('is sent when the trusted proxy says the request came over https', async () => {
    const t = await createTestApp({ trustProxy: '10.6.0.1' });
    try {
      const viaProxy = (proto: string, remoteAddress: string) =>
        t.app.inject({ url: '/api/health', remoteAddress, headers: { 'x-forwarded-proto': proto } });
      expect((await viaProxy('https', '10.6.0.1')).headers['strict-transport-security']).toMatch(
        /^max-age=\d+; includeSubDomains$/,
      );
      expect((await viaProxy('http', '10.6.0.1')).headers['strict-transport-security']).toBeUndefined();
      expect((await viaProxy('https', '192.0.2.9')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('theme name keys for existing data', () => {
  it('backfills name_key and keeps both themes whose names only now fold alike', async () => {
    const database = await createTestDatabase();
    const db = createDb(database.config);
    try {
      await migrateTo(db, '2026-11-23-0014-password-resets-and-contact');
      // Distinct to lower() on both engines, one name after NFKC folding.
      for (const [id, name] of [
        ['t1', 'Dark'],
        ['t2', 'ｄａｒｋ'],
      ]) {
        await db
          .insertInto('themes')
          .values({
            id: id!,
            name: name!,
            primary_color: '#000000',
            secondary_color: '#111111',
            accent_color: '#222222',
            is_active: 0,
            created_at: `2026-01-0${id!.slice(1)}T00:00:00.000Z`,
            updated_at: '2026-01-01T00:00:00.000Z',
          } as never)
          .execute();
      }
      await migrateToLatest(db);
      const rows = await db.selectFrom('themes').select(['id', 'name', 'name_key']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 't1', name: 'Dark', name_key: 'dark' },
        { id: 't2', name: 'ｄａｒｋ (2)', name_key: 'dark (2)' },
      ]);
    } finally {
      await db.destroy();
      await database.cleanup();
    }
  });
});
