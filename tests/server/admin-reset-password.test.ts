import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { resetAdminPassword, ResetPasswordError } from '../../server/admin-reset-password.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..', '..');

describe('npm run admin:reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 2 });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password } });

  it('sets the given password, ends the sessions and lifts the lockout', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const session = (await login(admin.username, admin.password)).json();
    for (let i = 0; i < 3; i++) await login(admin.username, 'wrong');
    expect((await login(admin.username, admin.password)).statusCode).toBe(429);

    const result = await resetAdminPassword(t.app.db, {
      username: admin.username,
      password: 'Fresh-start-42',
    });
    expect(result).toMatchObject({
      username: admin.username,
      generatedPassword: undefined,
      sessionsEnded: 1,
    });

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const status = await t.app.inject({ url: '/api/auth/user-status', headers: bearer(session.access) });
    expect(status.statusCode).toBe(401);
    expect((await login(admin.username, admin.password)).statusCode).toBe(401);
    expect((await login(admin.username, 'Fresh-start-42')).statusCode).toBe(200);
  });

  it('generates a password when none is given', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const result = await resetAdminPassword(t.app.db, { username: admin.username });
    expect(result.generatedPassword).toMatch(/^[\w-]{20,}$/);
    expect((await login(admin.username, result.generatedPassword!)).statusCode).toBe(200);
  });

  it.each([
    [
      'a sender',
      async () => (await t.createUser({ role: 'sender' })).username,
      'Fresh-start-42',
      /No administrator/,
    ],
    ['an unknown name', async () => 'nobody-here', 'Fresh-start-42', /No administrator named "nobody-here"/],
    ['a weak password', async () => (await t.createUser({ role: 'admin' })).username, 'short', /too weak/],
  ])('refuses %s and changes nothing', async (_, name, password, message) => {
    const username = await name();
    const before = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirst();
    const attempt = resetAdminPassword(t.app.db, { username, password });
    await expect(attempt).rejects.toThrow(ResetPasswordError);
    await expect(attempt).rejects.toThrow(message);
    const after = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  // Two real processes (tsx compiles the script each time): slow on a busy machine.
  it('runs as a command with the server configuration and prints what it did', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl ?? '',
      ADMIN_NEW_PASSWORD: 'From-the-env-7',
      LOG_LEVEL: 'silent',
    };
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const script = path.join(root, 'scripts', 'admin-reset-password.ts');
    const { stdout } = await run(tsx, [script, '--username', admin.username], { env, cwd: root });
    expect(stdout).toContain(`Password of administrator "${admin.username}" changed.`);
    expect(stdout).toContain('Sessions ended (refresh tokens revoked): 0.');
    expect(stdout).not.toContain('From-the-env-7');
    expect((await login(admin.username, 'From-the-env-7')).statusCode).toBe(200);

    const failed = run(tsx, [script, '--username', 'nobody-here'], { env, cwd: root });
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No administrator'),
    });
  }, 90_000);
});
