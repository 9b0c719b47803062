import { adminUserSchema } from '../../contract/users.contract.ts';
import { pageSchema } from '../../contract/list.contract.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const newUser = (name: string, extra: object = {}) => ({
  username: name,
  email: `${name}@Example.COM`,
  organization: 'Acme',
  password: 'Str0ng-pass',
  role: 'sender',
  sender_name: 'Acme news',
  ...extra,
});

describe('users: administrators manage accounts', () => {
  let t: TestApp;
  let admin: { id: string; access: string };
  beforeAll(async () => {
    t = await createTestApp();
    const session = await t.signInAs('admin');
    admin = { id: session.user.id, access: session.access };
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    access = admin.access,
  ) => t.app.inject({ method, url: `/api/auth/users/${url}`, headers: bearer(access), payload });

  it('creates a sender who can then sign in, with the e-mail domain lower-cased', async () => {
    const response = await call('POST', '', newUser('layla'));
    expect(response.statusCode).toBe(201);
    expect(adminUserSchema.parse(response.json())).toMatchObject({
      username: 'layla',
      email: 'layla@example.com',
      role: 'sender',
      is_active: true,
      quota: 0,
      remaining_quota: 0,
    });
    expect(response.body).not.toContain('password');
    await expect(t.signIn('layla', 'Str0ng-pass')).resolves.toMatchObject({ user: { username: 'layla' } });
  });

  it('refuses a duplicate user name (any case) or e-mail with the fields named', async () => {
    const response = await call('POST', '', newUser('LAYLA', { email: 'LAYLA@example.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({
      username: 'validation.usernameTaken',
      email: 'validation.emailTaken',
    });
  });

  it.each([
    ['short', 'Ab1', 'validation.passwordTooShort'],
    ['letters only', 'abcdefghij', 'validation.passwordWeak'],
    ['the user name', 'Omar.2026x', undefined],
  ])('applies the password rules: %s', async (_, password, key) => {
    const response = await call('POST', '', newUser('omar.2026x', { password }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(key ?? 'validation.passwordSameAsName');
  });

  it('lists users with search, filters and paging in the shared page shape', async () => {
    for (const name of ['nour', 'noura', 'sami']) await call('POST', '', newUser(name));
    const response = await call('GET', '?search=NOU&page_size=1&ordering=username');
    const page = pageSchema(adminUserSchema).parse(response.json());
    expect(page.count).toBe(2);
    expect(page.results.map((user) => user.username)).toEqual(['nour']);
    const admins = pageSchema(adminUserSchema).parse((await call('GET', '?role=admin')).json());
    expect(admins.results.every((user) => user.role === 'admin')).toBe(true);
    const literal = pageSchema(adminUserSchema).parse((await call('GET', '?search=%25')).json());
    expect(literal.count).toBe(0);
  });

  it('deactivating a user ends its sessions at once and stops sign-in', async () => {
    const created = (await call('POST', '', newUser('hala'))).json();
    const session = await t.signIn('hala', 'Str0ng-pass');
    expect((await call('PATCH', `${created.id}/`, { is_active: false })).json().is_active).toBe(false);
    const status = await t.app.inject({ url: '/api/auth/user-status', headers: bearer(session.access) });
    expect(status.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(t.signIn('hala', 'Str0ng-pass')).rejects.toThrow(/401/);
  });

  it('never lets an administrator demote or deactivate itself', async () => {
    const demote = await call('PATCH', `${admin.id}/`, { role: 'sender' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().fields).toEqual({ role: 'validation.notYourself' });
    expect((await call('PATCH', `${admin.id}/`, { is_active: false })).json().fields).toEqual({
      is_active: 'validation.notYourself',
    });
  });

  it('is closed to senders, whatever they send', async () => {
    const sender = await t.signInAs('sender');
    for (const [method, url, body] of [
      ['GET', '', undefined],
      ['POST', '', newUser('intruder', { role: 'admin' })],
      ['PATCH', `${sender.user.id}/`, { role: 'admin' }],
      ['GET', `${admin.id}/`, undefined],
    ] as const) {
      expect((await call(method, url, body, sender.access)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 404 for an unknown user', async () => {
    expect((await call('GET', '00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
  });
});

describe('profile and security: every user manages its own account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedInUser() {
    const user = await t.createUser({ role: 'sender', password: 'Old-pass-123' });
    return { ...user, session: await t.signIn(user.username, 'Old-pass-123') };
  }

  it('changes organization and sender name without asking for the password', async () => {
    const user = await signedInUser();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: bearer(user.session.access),
      payload: { organization: 'مؤسسة النور', sender_name: 'النور' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ organization: 'مؤسسة النور', sender_name: 'النور' });
  });

  it('changes the e-mail only with the current password', async () => {
    const user = await signedInUser();
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile/',
        headers: bearer(user.session.access),
        payload,
      });
    expect((await patch({ email: 'new@example.com' })).json().fields).toEqual({
      current_password: 'validation.wrongPassword',
    });
    expect((await patch({ email: 'new@example.com', current_password: 'nope' })).statusCode).toBe(400);
    const ok = await patch({ email: 'New@Example.com', current_password: 'Old-pass-123' });
    expect(ok.json().email).toBe('new@example.com');
  });

  it('a sender cannot raise its own quota, role or active flag through its profile', async () => {
    const user = await signedInUser();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: bearer(user.session.access),
      payload: { role: 'admin', quota: 1_000_000, is_active: true, organization: 'x' },
    });
    // Fields the profile does not take are refused by name (issue 36), and nothing is written.
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      role: 'validation.unknownField',
      quota: 'validation.unknownField',
      is_active: 'validation.unknownField',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-status',
      headers: bearer(user.session.access),
    });
    expect(me.json()).toMatchObject({ role: 'sender', quota: 100 });
    expect(me.json().organization).not.toBe('x');
  });

  it('changes the password, keeps this session and signs the others out', async () => {
    const user = await signedInUser();
    const other = await t.signIn(user.username, 'Old-pass-123');
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/profile/password/',
        headers: bearer(user.session.access),
        payload,
      });
    expect(
      (
        await change({
          current_password: 'wrong',
          password: 'New-pass-456',
          password_confirmation: 'New-pass-456',
        })
      ).json().fields,
    ).toEqual({
      current_password: 'validation.wrongPassword',
    });
    expect(
      (
        await change({
          current_password: 'Old-pass-123',
          password: 'New-pass-456',
          password_confirmation: 'New-pass-457',
        })
      ).json().fields,
    ).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
    expect(
      (
        await change({
          current_password: 'Old-pass-123',
          password: 'New-pass-456',
          password_confirmation: 'New-pass-456',
        })
      ).statusCode,
    ).toBe(204);

    const status = (access: string) =>
      t.app.inject({ url: '/api/auth/user-status', headers: bearer(access) });
    expect((await status(user.session.access)).statusCode).toBe(200);
    expect((await status(other.access)).statusCode).toBe(401);
    await expect(t.signIn(user.username, 'New-pass-456')).resolves.toBeDefined();
  });
});
