import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { loggerOptions } from '../../server/app.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const themeId = '00000000-0000-4000-8000-000000000000';
const protectedRoutes = [
  ['GET', '/api/auth/user-status'],
  ['GET', '/api/control/theme/'],
  ['GET', '/api/control/theme'],
  ['POST', '/api/control/theme/'],
  ['PATCH', `/api/control/theme/${themeId}/`],
  ['DELETE', `/api/control/theme/${themeId}/`],
  ['POST', `/api/control/theme/${themeId}/activate/`],
] as const;

describe('platform: authentication gate, errors, headers, limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        setup: (app) => {
          app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
            throw new Error('SELECT secret FROM vault; at /srv/internal/path.ts:42');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const sign = (claims: Record<string, unknown>, secret: string | undefined, expiresIn = '5m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub ?? 'nobody'))
      .setIssuer('el-namer')
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(secret));

  describe.each(protectedRoutes)('%s %s', (method, url) => {
    it('answers 401 errors.unauthorized without a token', async () => {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({ code: 'errors.unauthorized' });
    });

    it('answers 401 to malformed, forged and expired tokens', async () => {
      const session = await t.signInAs('admin');
      const [header, payload] = session.access.split('.');
      const forged = [
        { authorization: 'Bearer garbage' },
        { authorization: `Basic ${session.access}` },
        bearer(`${header}.${payload}.`),
        bearer(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`),
        bearer(
          await sign({ sid: 'x', role: 'admin', sub: session.user.id }, 'another-secret-another-secret-123'),
        ),
        bearer(
          await sign({ sid: 'no-such-session', role: 'admin', sub: session.user.id }, t.config.jwtSecret),
        ),
        bearer(await sign({ sid: 'x', role: 'admin' }, t.config.jwtSecret, '-1m')),
      ];
      for (const headers of forged) {
        const response = await t.app.inject({ method, url, headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      }
    });
  });

  it('answers an unknown /api route with a 404 error body', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing/here/'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/auth/user-status/'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.strict().parse(response.json())).toEqual({
        statusCode: 404,
        code: 'errors.notFound',
        message: expect.any(String),
      });
      // No error echoes its input (docs/security.md): the address is not repeated back.
      expect(response.body).not.toContain(url);
    }
  });

  it('hides the cause of a 5xx from the client', async () => {
    const response = await t.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'errors.unexpected',
      message: 'Internal Server Error',
    });
    expect(response.body).not.toMatch(/secret|vault|internal|\.ts/);
  });

  it('sends security headers, including a CSP the Vite SPA can live with', async () => {
    const response = await t.app.inject({ url: '/api/auth/user-status' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // Remote images by https: URL (templates use them); never plain http: or scripts from elsewhere.
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).not.toMatch(/img-src[^;]*(http:|\*)/);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a body over 1 MiB with 413 errors.payloadTooLarge', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'a', password: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ code: 'errors.payloadTooLarge' });
  });

  it('answers malformed JSON with 400 errors.validation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'errors.validation',
      fields: { body: 'validation.invalid' },
    });
  });

  it('shows a placeholder page at / when the browser app is not built', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('not built');
  });
});

describe('platform: serving the built SPA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        // The build exists before the server starts, as it does in production.
        beforeBuild: async ({ staticDir }) => {
          await mkdir(path.join(staticDir, 'assets'), { recursive: true });
          await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
          await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
        },
      },
    );
  });
  afterAll(() => t.close());

  it('serves index.html at / without caching it', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves content-hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps API 404s as JSON error bodies next to the static files', async () => {
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('errors.notFound');
    expect((await t.app.inject({ url: '/nope.js' })).statusCode).toBe(404);
  });

  it('still guards API routes', async () => {
    expect((await t.app.inject({ url: '/api/control/theme/' })).statusCode).toBe(401);
  });
});

describe('platform: logs', () => {
  it('never write passwords, tokens or the authorization header', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const t = await createTestApp({}, { logger: { ...loggerOptions({ logLevel: 'trace' }), stream } });
    try {
      const user = await t.createUser({ role: 'sender' });
      const session = await t.signIn(user.username, user.password);
      const status = await t.app.inject({ url: '/api/auth/user-status', headers: bearer(session.access) });
      expect(status.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        payload: { refresh: session.refresh },
      });
      expect(output).toContain('incoming request');
      for (const secret of [user.password, session.access, session.refresh])
        expect(output).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
