import { generateSync } from 'otplib';
import type { LoginResponse } from '../../contract/auth.contract.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Settings -> Security on the server (issue 21): two-factor sign-in, sessions, history, notices. */
describe('two-factor sign-in, sessions and sign-in history', () => {
  let t: TestApp;
  let clock = 0;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 5, loginWindowSeconds: 900 });
  });
  afterAll(() => t.close());

  /** The app's clock (tests move it), in whole seconds. */
  const appSeconds = () => Math.floor((Date.now() + clock) / 1000);
  const advance = (ms: number) => {
    clock += ms;
    t.advanceClock(ms);
  };
  const codeFor = (secret: string, offsetSeconds = 0) =>
    generateSync({ secret, epoch: appSeconds() + offsetSeconds });

  const post = (url: string, payload: object, access?: string, agent = CHROME_WINDOWS) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'user-agent': agent, ...(access ? bearer(access) : {}) },
    });
  const get = (url: string, access: string) => t.app.inject({ method: 'GET', url, headers: bearer(access) });

  /** A fresh sender with two-factor sign-in on: its secret and recovery codes. */
  async function enrolledUser() {
    const user = await t.createUser({ role: 'sender' });
    const session = (await post('/api/auth/login/', { ...user, language: 'en' })).json<LoginResponse>();
    const setup = await post('/api/auth/2fa/setup/', {}, session.access);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/El%20Namer:.+\?secret=[A-Z2-7]+/);
    const wrong = await post('/api/auth/2fa/enable/', { code: '000000' }, session.access);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: 'validation.invalidCode' });
    const enabled = await post('/api/auth/2fa/enable/', { code: codeFor(secret) }, session.access);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    // The code that enabled it is spent: the next sign-in needs the next time step.
    advance(30_000);
    return { ...user, secret, codes, session };
  }

  it('enrols with a code from the app, answers ten recovery codes once, and mails the account', async () => {
    const mailsBefore = t.systemMail.length;
    const user = await enrolledUser();
    expect(user.codes).toHaveLength(10);
    expect(new Set(user.codes).size).toBe(10);
    for (const code of user.codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const status = await get('/api/auth/2fa/', user.session.access);
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // Only hashes are stored.
    const stored = await t.app.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(
      stored.some((row) => user.codes.some((code) => row.code_hash.includes(code.replace('-', '')))),
    ).toBe(false);
    const mail = t.systemMail.slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: `${user.username}@example.test` });
    expect(mail[0]!.subject).toBe('Two-step sign-in is now on for your El Namer account');
  });

  it('answers a ticket instead of tokens, then the tokens for a right code, each code once', async () => {
    const user = await enrolledUser();
    const first = await post('/api/auth/login/', { username: user.username, password: user.password });
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    const challenge = first.json();
    expect(challenge).toEqual({ two_factor_required: true, ticket: expect.any(String) });
    expect(challenge.access).toBeUndefined();

    const code = codeFor(user.secret);
    const signedIn = await post('/api/auth/login/2fa/', { ticket: challenge.ticket, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { username: user.username } });
    expect(signedIn.headers['set-cookie']).toContain('elNamerEmailSender');
    expect(signedIn.headers['cache-control']).toBe('no-store');

    // The same ticket is spent; a new one with the same code is a replay.
    const again = await post('/api/auth/login/2fa/', { ticket: challenge.ticket, code });
    expect(again.json().code).toBe('errors.signInExpired');
    const second = (
      await post('/api/auth/login/', { username: user.username, password: user.password })
    ).json();
    const replay = await post('/api/auth/login/2fa/', { ticket: second.ticket, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('errors.invalidCode');
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const user = await enrolledUser();
    const ticket = async () =>
      (await post('/api/auth/login/', { username: user.username, password: user.password })).json().ticket;
    const recovery = user.codes[3]!;
    const used = await post('/api/auth/login/2fa/', {
      ticket: await ticket(),
      recovery_code: recovery.replace('-', '').toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const reused = await post('/api/auth/login/2fa/', { ticket: await ticket(), recovery_code: recovery });
    expect(reused.json().code).toBe('errors.invalidCode');
    const status = await get('/api/auth/2fa/', used.json().access);
    expect(status.json().recovery_codes_left).toBe(9);
    const both = await post('/api/auth/login/2fa/', { ticket: 'x', code: '123456', recovery_code: recovery });
    expect(both.statusCode).toBe(400);
  });

  it('limits wrong codes in the same windows as passwords: a right password does not reset them', async () => {
    const user = await enrolledUser();
    const login = async () =>
      post(
        '/api/auth/login/',
        { username: user.username, password: user.password },
        undefined,
        FIREFOX_LINUX,
      );
    const { ticket } = (await login()).json();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await post('/api/auth/login/2fa/', { ticket, code: '000000' })).statusCode);
    }
    // The password counted one: four wrong codes, then 429 with Retry-After.
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
    const locked = await post('/api/auth/login/2fa/', { ticket, code: codeFor(user.secret) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login()).statusCode).toBe(429);

    advance(901_000);
    const fresh = (await login()).json();
    expect(
      (await post('/api/auth/login/2fa/', { ticket: fresh.ticket, code: codeFor(user.secret) })).statusCode,
    ).toBe(200);
  });

  it('limits how often the set-up makes a new secret, without touching the sign-in', async () => {
    const user = await t.createUser({ role: 'sender' });
    const session = (await post('/api/auth/login/', user)).json<LoginResponse>();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await post('/api/auth/2fa/setup/', {}, session.access)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await post('/api/auth/login/', user)).statusCode).toBe(200);
  });

  it('forgets a ticket after five minutes', async () => {
    const user = await enrolledUser();
    const { ticket } = (
      await post('/api/auth/login/', { username: user.username, password: user.password })
    ).json();
    advance(5 * 60_000 + 1000);
    const late = await post('/api/auth/login/2fa/', { ticket, code: codeFor(user.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('errors.signInExpired');
  });

  it('turns off only with the password and a code, and mails the account', async () => {
    const user = await enrolledUser();
    const access = user.session.access;
    const wrongPassword = await post(
      '/api/auth/2fa/disable/',
      { password: 'nope', code: codeFor(user.secret) },
      access,
    );
    expect(wrongPassword.json().fields).toEqual({ password: 'validation.wrongPassword' });
    const wrongCode = await post(
      '/api/auth/2fa/disable/',
      { password: user.password, code: '111111' },
      access,
    );
    expect(wrongCode.json().fields).toEqual({ code: 'validation.invalidCode' });
    const mailsBefore = t.systemMail.length;
    const off = await post(
      '/api/auth/2fa/disable/',
      { password: user.password, code: user.codes[0]! },
      access,
    );
    expect(off.statusCode).toBe(204);
    expect((await get('/api/auth/2fa/', access)).json()).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect(t.systemMail.slice(mailsBefore).map((mail) => mail.subject)).toEqual([
      'Two-step sign-in was turned off for your El Namer account',
    ]);
    const plain = await post('/api/auth/login/', { username: user.username, password: user.password });
    expect(plain.json().access).toEqual(expect.any(String));
  });

  it('lists the sessions with device, address and last use, and signs out one or all others', async () => {
    const user = await t.createUser({ role: 'sender' });
    const a = (await post('/api/auth/login/', user, undefined, CHROME_WINDOWS)).json<LoginResponse>();
    const b = (await post('/api/auth/login/', user, undefined, FIREFOX_LINUX)).json<LoginResponse>();
    const c = (await post('/api/auth/login/', user, undefined, 'curl/8.5.0')).json<LoginResponse>();
    advance(60_000);
    const refreshed = await post('/api/auth/token/refresh/', { refresh: b.refresh });
    expect(refreshed.statusCode).toBe(200);

    const list = (await get('/api/auth/sessions/', a.access)).json();
    expect(list.count).toBe(3);
    expect(list.results[0]).toMatchObject({ device: 'Firefox · Linux', ip: '127.0.0.1', current: false });
    expect(list.results.find((s: { current: boolean }) => s.current)).toMatchObject({
      device: 'Chrome · Windows',
    });
    expect(list.results[0].last_used_at > list.results[0].created_at).toBe(true);

    const bId = list.results[0].id;
    const other = await t.createUser({ role: 'sender' });
    const stranger = (await post('/api/auth/login/', other)).json<LoginResponse>();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${bId}/`,
      headers: bearer(stranger.access),
    });
    expect((await get('/api/auth/sessions/', a.access)).json().count).toBe(3);

    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${bId}/`,
      headers: bearer(a.access),
    });
    expect(one.statusCode).toBe(204);
    expect((await post('/api/auth/token/refresh/', { refresh: refreshed.json().refresh })).statusCode).toBe(
      401,
    );

    const others = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/',
      headers: bearer(a.access),
    });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await get('/api/auth/2fa/', c.access)).statusCode).toBe(401);
    expect((await get('/api/auth/sessions/', a.access)).json().count).toBe(1);
  });

  it('keeps a history of sign-ins and failures for 90 days, newest first', async () => {
    const user = await t.createUser({ role: 'sender' });
    await post('/api/auth/login/', { username: user.username, password: 'wrong' }, undefined, FIREFOX_LINUX);
    const ok = (await post('/api/auth/login/', user)).json<LoginResponse>();
    const history = (await get('/api/auth/sign-ins/', ok.access)).json();
    expect(history.results.map((row: { outcome: string }) => row.outcome)).toEqual([
      'success',
      'wrong_password',
    ]);
    expect(history.results[1]).toMatchObject({ device: 'Firefox · Linux', ip: '127.0.0.1' });

    advance(91 * 86_400_000);
    const later = (await post('/api/auth/login/', user)).json<LoginResponse>();
    const recent = (await get('/api/auth/sign-ins/', later.access)).json();
    expect(recent.results.map((row: { outcome: string }) => row.outcome)).toEqual(['success']);
    const kept = await t.app.db.selectFrom('sign_ins').select('id').where('user_id', '=', user.id).execute();
    expect(kept).toHaveLength(1);
  });

  it('mails the account in its language when its password changes', async () => {
    const user = await t.createUser({ role: 'sender' });
    const session = (await post('/api/auth/login/', { ...user, language: 'ar' })).json<LoginResponse>();
    const before = t.systemMail.length;
    const changed = await post(
      '/api/auth/profile/password/',
      {
        current_password: user.password,
        password: 'A-new-passw0rd!',
        password_confirmation: 'A-new-passw0rd!',
      },
      session.access,
    );
    expect(changed.statusCode).toBe(204);
    const [mail] = t.systemMail.slice(before);
    expect(mail?.subject).toBe('تم تغيير كلمة مرور حسابك في النمر');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.to).toBe(`${user.username}@example.test`);
  });

  it('lets administrators require two-factor sign-in of everyone', async () => {
    const admin = await t.signInAs('admin');
    const sender = await t.signInAs('sender');
    const senderOnly = await t.app.inject({
      method: 'PATCH',
      url: '/api/control/security/',
      headers: bearer(sender.access),
      payload: { require_two_factor: true },
    });
    expect(senderOnly.statusCode).toBe(403);
    const notYet = await t.app.inject({
      method: 'PATCH',
      url: '/api/control/security/',
      headers: bearer(admin.access),
      payload: { require_two_factor: true },
    });
    expect(notYet.json().fields).toEqual({ require_two_factor: 'validation.ownTwoFactorFirst' });
    const adminSetup = await post('/api/auth/2fa/setup/', {}, admin.access);
    await post('/api/auth/2fa/enable/', { code: codeFor(adminSetup.json().secret) }, admin.access);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/control/security/',
      headers: bearer(admin.access),
      payload: { require_two_factor: true },
    });
    expect(on.json()).toEqual({ require_two_factor: true });

    const blocked = await get('/api/recipients/list/', sender.access);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('errors.twoFactorSetupRequired');
    expect((await get('/api/auth/2fa/', sender.access)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    expect((await get('/api/auth/user-status', sender.access)).statusCode).toBe(200);
    const setup = await post('/api/auth/2fa/setup/', {}, sender.access);
    await post('/api/auth/2fa/enable/', { code: codeFor(setup.json().secret) }, sender.access);
    expect((await get('/api/recipients/list/', sender.access)).statusCode).toBe(200);

    await t.app.inject({
      method: 'PATCH',
      url: '/api/control/security/',
      headers: bearer(admin.access),
      payload: { require_two_factor: false },
    });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/control/security/', headers: bearer(admin.access) })
      ).json(),
    ).toEqual({
      require_two_factor: false,
    });
  });
});
