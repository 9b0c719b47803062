import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const validTheme = { primary_color: '#000000', secondary_color: '#111111', accent_color: '#222222' };

describe('the endpoint contract on the server', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signInAs('admin')).access;
  });
  afterAll(() => t.close());

  it('gives every API route an access rule, read from the app itself', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes)
      expect(['public', 'user', 'admin'], `${route.method} ${route.url}`).toContain(route.access);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/control/theme/', access: 'admin' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/login/', access: 'public' });
  });

  it('refuses to start with an API route that states no access rule', async () => {
    const started = createTestApp({}, { setup: (app) => void app.get('/api/forgotten/', async () => ({})) });
    await expect(started).rejects.toThrow(/GET \/api\/forgotten\/ has no access rule/);
  });

  it.each([
    ['a NUL character', 'Oce\u0000an'],
    ['a lone high surrogate', 'Ocean\uD800'],
    ['a lone low surrogate', '\uDC00Ocean'],
  ])('refuses %s in a body string with 400 and the field named', async (_, name) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/control/theme/',
      headers: bearer(admin),
      payload: { name, ...validTheme },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'errors.validation',
      fields: { name: 'validation.invalid' },
    });
  });

  it('keeps a well-formed surrogate pair (an emoji) in a name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/control/theme/',
      headers: bearer(admin),
      payload: { name: 'Sun 🌞', ...validTheme },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Sun 🌞');
  });

  it('refuses a NUL in a sign-in name before any lookup', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'adm\u0000in', password: 'whatever' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ username: 'validation.invalid' });
  });

  it.each([
    ['%00', 400],
    ['%ED%A0%80', 400],
    ['%ZZ', 400],
    ['a'.repeat(150), 400],
    ['a'.repeat(500), 414],
  ])('answers the path id %s with the contract error body and security headers', async (id, status) => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/control/theme/${id}/`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(status);
    const body = apiErrorSchema.strict().parse(response.json());
    expect(body.code).toBe('errors.validation');
    expect(response.body).not.toContain('FST_');
    expect(response.body).not.toContain(id.slice(0, 20));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('answers a wrong-typed body field with the field named and a translatable key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/control/theme/',
      headers: bearer(admin),
      payload: { name: 42, ...validTheme },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'validation.invalid' });
  });

  it('answers a missing body field as required', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/control/theme/',
      headers: bearer(admin),
      payload: { name: 'No colours' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ primary_color: 'validation.required' });
  });

  it('sends only the fields the response schema names', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-status',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('password');
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'credit_alert_threshold',
        'email',
        'id',
        'is_active',
        'organization',
        'quota',
        'remaining_quota',
        'role',
        'sender_name',
        'used_quota',
        'username',
      ].sort(),
    );
  });
});
