import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { LoginResponse, Role } from '../../../contract/auth.contract.ts';
import { buildApp, type BuildAppOptions } from '../../../server/app.ts';
import { loadConfig, type AppConfig } from '../../../server/config.ts';
import { hashPassword } from '../../../server/lib/password.ts';
import type { SystemMail } from '../../../server/mail/system-mail.ts';
import { insertUser } from '../../../server/modules/users/users.repository.ts';

/**
 * Every test file gets its own database: a SQLite file in a temp folder, or, when DATABASE_URL is
 * set, a fresh PostgreSQL schema (selected through search_path) so files can run in parallel.
 */
const postgresUrl = process.env.DATABASE_URL;

export const ADMIN_PASSWORD = 'admin-password-for-tests';
export const engine = postgresUrl ? 'postgres' : 'sqlite';

export type TestDatabase = { config: AppConfig; cleanup: () => Promise<void> };

export async function createTestDatabase(overrides: Partial<AppConfig> = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'el-namer-test-'));
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (postgresUrl) {
    const schema = `test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Pool({ connectionString: postgresUrl, max: 1 });
    await admin.query(`create schema ${schema}`);
    const url = new URL(postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    console.info(`[server tests] engine: PostgreSQL, schema ${schema}`);
    dropSchema = async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    };
  }
  const base = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    // Parallel test apps must not all take port 2525; inbound tests turn it on with port 0.
    INBOUND_SMTP_PORT: '0',
  });
  // Without SMTP_URL the app sends through its built-in capture server, so a test app would start
  // sending the campaigns a test writes. Tests that look at queued messages must see them queued:
  // the dispatcher runs only in tests that name a relay (smtpUrl) or set `sending` themselves.
  const sendsMail = 'smtpUrl' in overrides || 'sending' in overrides;
  const merged: AppConfig = {
    ...base,
    ...(sendsMail ? {} : { sending: { ...base.sending, dispatcher: false } }),
    databaseUrl,
    ...overrides,
  };
  // In-process test apps move their clock (advanceClock), which a dispatcher thread would not
  // see, so their dispatcher runs on the test's thread. Server-process tests (crash safety, the
  // thread's own test, benches) run the default: the dispatcher thread.
  const config: AppConfig = { ...merged, sending: { ...merged.sending, thread: 'main' } };
  return {
    config,
    cleanup: async () => {
      await dropSchema();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  /** Every e-mail the product sent on its own behalf (resets, contact notifications). */
  systemMail: SystemMail[];
  /** Moves the app's clock: later calls see `now() + ms`. */
  advanceClock: (ms: number) => void;
  config: AppConfig;
  createUser: (input: NewTestUser) => Promise<{ id: string; username: string; password: string }>;
  signIn: (username: string, password: string) => Promise<LoginResponse>;
  signInAs: (role: Role) => Promise<LoginResponse>;
  close: () => Promise<void>;
};

type NewTestUser = { role: Role; username?: string; email?: string; password?: string; isActive?: boolean };

type TestAppOptions = {
  /** Runs before the app is built: put files in place (the SPA build, a data folder). */
  beforeBuild?: (config: AppConfig) => Promise<void>;
  /** Runs before the app is ready: add test-only routes or hooks here. */
  setup?: (app: FastifyInstance, config: AppConfig) => void | Promise<void>;
  logger?: BuildAppOptions['logger'];
};

/** A ready app on a fresh database; `close` also removes the database. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(overrides);
  await options.beforeBuild?.(database.config);
  const systemMail: SystemMail[] = [];
  let clockOffset = 0;
  const app = await buildApp({
    config: database.config,
    logger: options.logger ?? false,
    systemMailer: { send: async (mail) => void systemMail.push(mail) },
    now: () => new Date(Date.now() + clockOffset),
  });
  await options.setup?.(app, database.config);
  await app.ready();

  const createUser = async ({ role, username, email, password, isActive }: NewTestUser) => {
    const name = username ?? `${role}-${randomUUID().slice(0, 8)}`;
    const secret = password ?? `pw-${randomUUID()}`;
    const row = await insertUser(app.db, {
      username: name,
      email: email ?? `${name}@example.test`,
      passwordHash: await hashPassword(secret),
      role,
      isActive,
      quota: 100,
    });
    return { id: row.id, username: name, password: secret };
  };

  const signIn = async (username: string, password: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return response.json<LoginResponse>();
  };

  return {
    app,
    systemMail,
    advanceClock: (ms) => {
      clockOffset += ms;
    },
    config: database.config,
    createUser,
    signIn,
    signInAs: async (role) => {
      const user = await createUser({ role });
      return signIn(user.username, user.password);
    },
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
