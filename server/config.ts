import { z } from 'zod';

/**
 * Every setting comes from the environment and is checked here once, at start, so a typo in a
 * deployment fails loudly instead of running with a silent default. `loadConfig` is pure: it
 * never touches the disk (the JWT secret file is resolved later by `resolveJwtSecret`), so tests
 * can build configs freely.
 */

// Docker compose and .env files often set a variable to "" to mean "not set".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const text = (fallback: string) => z.preprocess(unsetIfEmpty, z.string().default(fallback));
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback));
const flag = (fallback: boolean) =>
  z
    .preprocess(unsetIfEmpty, z.enum(['true', 'false', '1', '0']).optional())
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

const envSchema = z.object({
  PORT: integer(8080, 0, 65535),
  HOST: text('0.0.0.0'),
  DATA_DIR: text('./data'),
  DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL (unset means SQLite)')
      .optional(),
  ),
  // HS256 needs a key at least as long as its 256-bit output; shorter secrets are guessable.
  JWT_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_USERNAME: text('admin'),
  ADMIN_PASSWORD: z.preprocess(unsetIfEmpty, z.string().min(8, 'must be at least 8 characters').optional()),
  // Loose on purpose: `admin@localhost` (no top-level domain) is a valid default.
  ADMIN_EMAIL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')
      .default('admin@localhost'),
  ),
  ACCESS_TOKEN_TTL_SECONDS: integer(900, 30, 86_400),
  REFRESH_TOKEN_TTL_DAYS: integer(30, 1, 365),
  LOG_LEVEL: z.preprocess(
    unsetIfEmpty,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  STATIC_DIR: text('./dist'),
  // Behind a load balancer the client address is in X-Forwarded-For; the login rate limit needs it.
  TRUST_PROXY: flag(false),
  LOGIN_MAX_FAILURES: integer(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: integer(30, 1, 100_000),
  LOGIN_WINDOW_SECONDS: integer(900, 1, 86_400),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** undefined means the embedded SQLite file `<dataDir>/el-namer.sqlite`. */
  databaseUrl: string | undefined;
  /** undefined means "generate once and keep in `<dataDir>/jwt-secret`". */
  jwtSecret: string | undefined;
  adminUsername: string;
  /** undefined means "generate one and print it once when the administrator is created". */
  adminPassword: string | undefined;
  adminEmail: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  staticDir: string;
  trustProxy: boolean;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    trustProxy: e.TRUST_PROXY,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
  };
}
