import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { JWT_SECRET_FILE, resolveJwtSecret } from '../../server/lib/jwt-secret.ts';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      adminUsername: 'admin',
      adminPassword: undefined,
      adminEmail: 'admin@localhost',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      logLevel: 'info',
      staticDir: './dist',
      trustProxy: false,
      loginMaxFailures: 5,
      loginMaxFailuresPerIp: 30,
      loginWindowSeconds: 900,
    });
  });

  it('reads every variable from the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      DATABASE_URL: 'postgres://u@db:5432/app',
      ADMIN_EMAIL: 'Boss@Example.COM',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES: '3',
    });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'postgres://u@db:5432/app',
      adminEmail: 'boss@example.com',
      accessTokenTtlSeconds: 60,
      trustProxy: true,
      loginMaxFailures: 3,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      adminPassword: undefined,
    });
  });

  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it.each([
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_EMAIL', 'not-an-address'],
    ['ADMIN_PASSWORD', 'short'],
    ['TRUST_PROXY', 'yes please'],
  ])('rejects an invalid %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('resolveJwtSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'el-namer-secret-')), 'nested');
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('uses JWT_SECRET when it is set and writes no file', async () => {
    const secret = 'x'.repeat(40);
    expect(resolveJwtSecret({ jwtSecret: secret, dataDir })).toBe(secret);
    await expect(stat(path.join(dataDir, JWT_SECRET_FILE))).rejects.toThrow();
  });

  it('generates a secret once, keeps it private in DATA_DIR and reuses it', async () => {
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(file, 'utf8')).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toBe(first);
  });
});
