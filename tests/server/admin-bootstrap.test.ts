import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

const login = (app: Awaited<ReturnType<typeof buildApp>>, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password } });

async function countAdmins(app: Awaited<ReturnType<typeof buildApp>>) {
  const rows = await app.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
  return rows.length;
}

describe('first administrator', () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it('is created once with a generated password that is printed once, and never again', async () => {
    database = await createTestDatabase({
      adminUsername: 'root',
      adminEmail: 'root@example.test',
      adminPassword: undefined,
      jwtSecret: undefined,
    });
    const print = vi.fn();
    const first = await buildApp({ config: database.config, logger: false, print });
    expect(print).toHaveBeenCalledTimes(1);
    const banner = String(print.mock.calls[0]?.[0]);
    expect(banner).toContain('username: root');
    const password = /password: (\S+)/.exec(banner)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);

    const signedIn = await login(first, 'root', password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      role: 'admin',
      email: 'root@example.test',
      is_active: true,
      quota: 10_000,
      remaining_quota: 10_000,
    });
    // The starting credits are a ledger grant, not a bare number in the users table; its reason
    // is a code the statement translates, not an English sentence (issue 37).
    const ledger = await first.db
      .selectFrom('credit_ledger')
      .select(['kind', 'amount', 'balance_after', 'reason'])
      .execute();
    expect(ledger).toEqual([
      { kind: 'grant', amount: 10_000, balance_after: 10_000, reason: 'initial_credits' },
    ]);
    const access: string = signedIn.json().access;
    await first.close();

    // Second start on the same database and data folder.
    const printAgain = vi.fn();
    const second = await buildApp({ config: database.config, logger: false, print: printAgain });
    try {
      expect(printAgain).not.toHaveBeenCalled();
      expect(await countAdmins(second)).toBe(1);
      expect((await login(second, 'root', password)).statusCode).toBe(200);
      // The generated JWT secret was kept in DATA_DIR, so tokens survive the restart.
      const status = await second.inject({
        url: '/api/auth/user-status',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(status.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('uses ADMIN_PASSWORD when set and prints nothing', async () => {
    database = await createTestDatabase({ adminUsername: 'boss', adminPassword: 'configured-password' });
    const print = vi.fn();
    const app = await buildApp({ config: database.config, logger: false, print });
    try {
      expect(print).not.toHaveBeenCalled();
      expect((await login(app, 'boss', 'configured-password')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('prints the generated password to stdout by default', async () => {
    database = await createTestDatabase({ adminPassword: undefined });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const app = await buildApp({ config: database.config, logger: false });
      await app.close();
      const printed = log.mock.calls
        .map((call) => String(call[0]))
        .filter((text) => text.includes('password:'));
      expect(printed).toHaveLength(1);
    } finally {
      log.mockRestore();
    }
  });

  it('adds no administrator when one exists, even under another configured name', async () => {
    database = await createTestDatabase({ adminUsername: 'first' });
    const first = await buildApp({ config: database.config, logger: false });
    await first.close();
    const second = await buildApp({
      config: { ...database.config, adminUsername: 'second', adminEmail: 'second@example.test' },
      logger: false,
    });
    try {
      expect(await countAdmins(second)).toBe(1);
      expect((await login(second, 'second', database.config.adminPassword ?? '')).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
