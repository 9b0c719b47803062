import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { JWT_SECRET_FILE, resolveJwtSecret } from '../../server/lib/jwt-secret.ts';

describe('loadConfig', () => {
  // toMatchObject so that each area lists its own defaults in its own test without this list
  // having to name every variable of the product.
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      adminUsername: 'admin',
      adminPassword: undefined,
      adminEmail: 'admin@el-namer.localhost',
      adminInitialCredits: 10_000,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      logLevel: 'info',
      staticDir: './dist',
      trustProxy: false,
      passwordHashing: { concurrency: 2, queue: 32 },
      loginMaxFailures: 5,
      loginMaxFailuresPerIp: 30,
      loginWindowSeconds: 900,
      publicUrl: 'http://localhost:8080',
      spfRecord: 'v=spf1 a mx ~all',
      dnsServers: [],
      smtpUrl: undefined,
      capture: { port: 0, maxMessageBytes: 25 * 1024 * 1024, maxMessages: 10_000 },
      uploads: {
        maxBytes: { attachment: 10 * 1024 * 1024, image: 5 * 1024 * 1024, zip: 100 * 1024 * 1024 },
        unusedTtlMs: 24 * 60 * 60 * 1000,
        quotaBytes: 2048 * 1024 * 1024,
        minFreeBytes: 1024 * 1024 * 1024,
        zipMaxEntries: 20_000,
        zipMaxUnpackedBytes: 1024 * 1024 * 1024,
      },
    });
  });

  it('reads every variable from the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      DATABASE_URL: 'postgres://u@db:5432/app',
      ADMIN_EMAIL: 'Boss@Example.COM',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      TRUST_PROXY: '2',
      LOGIN_MAX_FAILURES: '3',
      PASSWORD_HASH_CONCURRENCY: '4',
      PASSWORD_HASH_QUEUE: '0',
    });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'postgres://u@db:5432/app',
      adminEmail: 'boss@example.com',
      accessTokenTtlSeconds: 60,
      trustProxy: 2,
      loginMaxFailures: 3,
      passwordHashing: { concurrency: 4, queue: 0 },
    });
  });

  it("gives the first administrator an address it can send from: the app's own domain, or a local one", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mail.acme.example/' }).adminEmail).toBe(
      'admin@mail.acme.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).adminEmail).toBe('admin@el-namer.localhost');
    expect(loadConfig({}).adminEmail).toBe('admin@el-namer.localhost');
    // admin@localhost would be refused as a sender address, so it is refused here, at start.
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@localhost' })).toThrow(/ADMIN_EMAIL: .*dotted domain/);
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
    ['TRUST_PROXY', '10.0.0.1, 300.1.1.1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['PASSWORD_HASH_CONCURRENCY', '0'],
    ['SMTP_URL', 'http://relay.example:25'],
    ['CAPTURE_SMTP_PORT', '70000'],
    ['MAILBOX_MAX_MESSAGES', '0'],
    ['SEND_BATCH_SIZE', '0'],
  ])('rejects an invalid %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('claims 64 messages at a time on SQLite and 20 on PostgreSQL unless SEND_BATCH_SIZE says', () => {
    expect(loadConfig({}).sending.batchSize).toBe(64);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/app' }).sending.batchSize).toBe(20);
    expect(loadConfig({ SEND_BATCH_SIZE: '7' }).sending.batchSize).toBe(7);
    expect(
      loadConfig({ SEND_BATCH_SIZE: '7', DATABASE_URL: 'postgres://db.example/app' }).sending.batchSize,
    ).toBe(7);
  });

  it('refuses TRUST_PROXY=true with a message that says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY: .*number of proxies/);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['10.0.0.5', '10.0.0.5'],
    [' 10.0.0.0/8 , ::1, fd00::/8 ,loopback', '10.0.0.0/8,::1,fd00::/8,loopback'],
  ])('reads TRUST_PROXY=%s as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
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
