import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const HOUR = 60 * 60 * 1000;

describe('password reset by e-mailed link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, language = 'en', ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot/',
      payload: { email, language },
      remoteAddress: ip,
    });
  const check = (token: string) =>
    t.app.inject({ url: `/api/auth/password/reset/${encodeURIComponent(token)}/` });
  const reset = (token: string, password: string, confirmation = password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: { token, password, password_confirmation: confirmation },
    });
  /** The token from the last e-mail's link, as the recipient would click it. */
  const lastToken = () => {
    const mail = t.systemMail.at(-1);
    const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
    return decodeURIComponent(match?.[1] ?? '');
  };

  async function newAccount() {
    const user = await t.createUser({ role: 'sender', password: 'Old-pass-123' });
    return { ...user, email: `${user.username}@example.test` };
  }

  it('mails a link in the asked language that checks as valid, then sets the password once', async () => {
    const user = await newAccount();
    const session = await t.signIn(user.username, 'Old-pass-123');
    const response = await forgot(user.email.toUpperCase(), 'ar');
    expect(response.statusCode).toBe(200);
    const mail = t.systemMail.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور النمر');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain(`${t.config.publicUrl}/#/auth/reset-password?token=`);
    // The page the link opens speaks the e-mail's language.
    expect(mail.text).toMatch(/reset-password\?token=[^&\s]+&lng=ar\b/);

    const token = lastToken();
    expect((await check(token)).json()).toEqual({ valid: true });
    expect((await reset(token, 'New-pass-456')).statusCode).toBe(204);
    await expect(t.signIn(user.username, 'New-pass-456')).resolves.toBeDefined();
    // A reset signs the account out everywhere.
    expect(
      (await t.app.inject({ url: '/api/auth/user-status', headers: bearer(session.access) })).statusCode,
    ).toBe(401);

    // The same link never works twice.
    expect((await check(token)).json()).toMatchObject({ code: 'errors.invalidResetLink' });
    expect((await reset(token, 'Other-pass-789')).json().code).toBe('errors.invalidResetLink');
  });

  it('answers "account not found" for an unknown address and sends nothing', async () => {
    const before = t.systemMail.length;
    const response = await forgot('nobody@example.test', 'en', '10.0.0.2');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('errors.accountNotFound');
    expect(t.systemMail.length).toBe(before);
  });

  it('expires the link after one hour (clock moved)', async () => {
    const user = await newAccount();
    await forgot(user.email, 'en', '10.0.0.3');
    const token = lastToken();
    t.advanceClock(HOUR + 1000);
    expect((await check(token)).statusCode).toBe(400);
    expect((await reset(token, 'New-pass-456')).json().code).toBe('errors.invalidResetLink');
  });

  it('refuses mismatched or weak passwords without using up the link', async () => {
    const user = await newAccount();
    await forgot(user.email, 'en', '10.0.0.4');
    const token = lastToken();
    expect((await reset(token, 'New-pass-456', 'New-pass-457')).json().fields).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
    expect((await reset(token, 'short')).json().fields.password).toBe('validation.passwordTooShort');
    expect((await reset(token, 'New-pass-456')).statusCode).toBe(204);
  });

  it('an older link stops working once another reset succeeded', async () => {
    const user = await newAccount();
    await forgot(user.email, 'en', '10.0.0.5');
    const first = lastToken();
    await forgot(user.email, 'en', '10.0.0.5');
    const second = lastToken();
    expect((await reset(second, 'New-pass-456')).statusCode).toBe(204);
    expect((await check(first)).statusCode).toBe(400);
  });

  it('limits requests per address and per IP, so addresses cannot be tried quickly', async () => {
    const user = await newAccount();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot(user.email, 'en', `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const fromOneIp = [];
    for (let i = 0; i < 11; i++)
      fromOneIp.push((await forgot(`probe${i}@example.test`, 'en', '10.9.9.9')).statusCode);
    expect(fromOneIp.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(fromOneIp[10]).toBe(429);
  });

  it('counts parallel requests too: a burst gets no more than the limit through', async () => {
    const user = await newAccount();
    const burst = await Promise.all(Array.from({ length: 12 }, () => forgot(user.email, 'en', '10.2.0.1')));
    expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(3);
  });
});
