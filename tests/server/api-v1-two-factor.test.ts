import { generateSync } from 'otplib';
import type { ApiKey, CreatedApiKey } from '../../contract/api-keys.contract.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** Issue 36: two-step sign-in required of a user stops their API keys; enabling it ends other sessions. */
describe(`API keys and sessions under two-step sign-in (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** Sets up and turns on two-step sign-in for the session's account. */
  async function enableTwoFactor(access: string) {
    const setup = await inject('POST', '/api/auth/2fa/setup/', access, {});
    const secret: string = setup.json().secret;
    const code = generateSync({ secret, epoch: Math.floor(t.app.now().getTime() / 1000) });
    const enabled = await inject('POST', '/api/auth/2fa/enable/', access, { code });
    expect(enabled.statusCode, enabled.body).toBe(200);
  }
  const requireTwoFactor = (adminAccess: string, required: boolean) =>
    inject('PATCH', '/api/control/security/', adminAccess, { require_two_factor: required });

  it("pauses a user's keys while two-step sign-in is required and not set up, and shows administrators which", async () => {
    const admin = await t.signInAs('admin');
    const sender = await t.signInAs('sender');
    const created = await inject('POST', '/api/keys/', sender.access, { name: 'Shop', scopes: ['read'] });
    const { id, key } = created.json<CreatedApiKey>();
    expect((await inject('GET', '/api/v1/suppressions/', key)).statusCode).toBe(200);

    await enableTwoFactor(admin.access);
    t.advanceClock(30_000);
    expect((await requireTwoFactor(admin.access, true)).statusCode).toBe(200);

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/suppressions/',
      headers: { ...bearer(key), 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_token"/);
    expect(refused.json()).toMatchObject({ status: 401, code: 'api_key_needs_two_factor' });
    expect(refused.json().detail).toContain('two-step sign-in');

    const listed = await inject('GET', '/api/keys/?page_size=100', admin.access);
    const row = listed.json().results.find((item: ApiKey) => item.id === id);
    expect(row.paused_reason).toBe('two_factor_required');

    await enableTwoFactor(sender.access);
    expect((await inject('GET', '/api/v1/suppressions/', key)).statusCode).toBe(200);
    const after = await inject('GET', '/api/keys/?page_size=100', admin.access);
    expect(after.json().results.find((item: ApiKey) => item.id === id).paused_reason).toBeNull();
    await requireTwoFactor(admin.access, false);
  });

  it("turning two-step sign-in on ends the account's other sessions, and keeps this one", async () => {
    const user = await t.createUser({ role: 'sender' });
    const here = await t.signIn(user.username, user.password);
    const elsewhere = await t.signIn(user.username, user.password);
    expect((await inject('GET', '/api/auth/user-status', elsewhere.access)).statusCode).toBe(200);
    await enableTwoFactor(here.access);
    expect((await inject('GET', '/api/auth/user-status', elsewhere.access)).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/user-status', here.access)).statusCode).toBe(200);
    const sessions = await inject('GET', '/api/auth/sessions/', here.access);
    expect(sessions.json().count).toBe(1);
    expect(sessions.json().results[0].current).toBe(true);
  });
});
