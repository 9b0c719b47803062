import { isIP } from 'node:net';
import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../contract/email.contract.ts';
import { parseSmppUrl, SmppUrlError, type SmppSettings } from './channels/sms/smpp-url.ts';

/**
 * Every setting comes from the environment and is checked here once, at start, so a typo in a
 * deployment fails loudly instead of running with a silent default. `loadConfig` is pure: it
 * never touches the disk (the JWT secret file is resolved later by `resolveJwtSecret`), so tests
 * can build configs freely.
 */

// Docker compose and .env files often set a variable to "" to mean "not set".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const text = (fallback: string) => z.preprocess(unsetIfEmpty, z.string().default(fallback));
const bounded = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(unsetIfEmpty, bounded(min, max).default(fallback));

// A dotted host name of letters, digits and hyphens (no trailing dot, no IP literal).
const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/**
 * Messages per claim when SEND_BATCH_SIZE is unset (bench:send and bench:api-under-send, 100k, 28
 * Nov 2026). SQLite commits each claim, so bigger claims cost less per message: after the accept,
 * 4,737 messages/s with claims of 10, 5,467 with 64, 5,554 with 128. On PostgreSQL claims of 64
 * sent as fast alone but, under 100 readers, kept 0.35 of the speed with a 600 ms p99; claims
 * of 20 kept 0.54-0.58 with 409-430 ms (10: 0.56, 505 ms).
 */
export const SENDING_BATCH_DEFAULTS = { sqlite: 64, postgres: 20 } as const;

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
  // The administrator's first sending address, so it must pass the same check as every address
  // the product sends from (a dotted domain): defaultAdminEmail when unset.
  ADMIN_EMAIL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .transform(normalizeEmail)
      .refine(isValidEmail, 'must be an e-mail address with a dotted domain, such as admin@example.com')
      .optional(),
  ),
  // Administrators spend credits like senders; the first one starts with these so a new install can send.
  ADMIN_INITIAL_CREDITS: integer(10_000, 0, 1_000_000_000),
  ACCESS_TOKEN_TTL_SECONDS: integer(900, 30, 86_400),
  REFRESH_TOKEN_TTL_DAYS: integer(30, 1, 365),
  LOG_LEVEL: z.preprocess(
    unsetIfEmpty,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  STATIC_DIR: text('./dist'),
  // Behind a load balancer the client address is in X-Forwarded-For; the login rate limit needs it.
  TRUST_PROXY: z.preprocess(unsetIfEmpty, z.string().optional()).transform(parseTrustProxy),
  LOGIN_MAX_FAILURES: integer(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: integer(30, 1, 100_000),
  LOGIN_WINDOW_SECONDS: integer(900, 1, 86_400),
  // scrypt shares libuv's 4 threads with file reads: a few hashes at a time keep the app responsive.
  PASSWORD_HASH_CONCURRENCY: integer(2, 1, 64),
  PASSWORD_HASH_QUEUE: integer(32, 0, 10_000),
  UPLOAD_ZIP_MAX_MB: integer(100, 1, 10_240),
  UPLOAD_ATTACHMENT_MAX_MB: integer(10, 1, 1024),
  UPLOAD_IMAGE_MAX_MB: integer(5, 1, 100),
  ZIP_MAX_ENTRIES: integer(20_000, 1, 1_000_000),
  ZIP_MAX_UNPACKED_MB: integer(1024, 1, 102_400),
  UPLOAD_UNUSED_HOURS: integer(24, 1, 24 * 365),
  // Disk a user's uploads may hold before a campaign takes them up (originals plus unpacked zips).
  UPLOAD_QUOTA_MB: integer(2048, 1, 10_485_760),
  // Uploads are refused while the data disk has less than this free.
  UPLOAD_MIN_FREE_MB: integer(1024, 0, 10_485_760),
  SPF_RECORD: text('v=spf1 a mx ~all'),
  PUBLIC_URL: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  DNS_SERVERS: z.preprocess(unsetIfEmpty, z.string().optional()),
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL (user:password@host:port)')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().optional()),
  // HTTP v1: requests per minute for each API key.
  API_RATE_LIMIT_PER_MINUTE: integer(120, 1, 1_000_000),
  // Event webhooks: the delivery loop, and whether URLs may point at private addresses.
  WEBHOOK_DELIVERY: z.preprocess(unsetIfEmpty, z.enum(['on', 'off']).default('on')),
  ALLOW_PRIVATE_WEBHOOKS: z.preprocess(unsetIfEmpty, z.enum(['0', '1']).default('0')),
  WEBHOOK_TIMEOUT_SECONDS: integer(10, 1, 120),
  WEBHOOK_POLL_MS: integer(1000, 10, 3_600_000),
  // The domain of the VERP envelope senders (b+<token>@...) and of the List-Unsubscribe mailto:
  // (u+<token>@...); its MX must point at the inbound receiver. Unset: each From address's domain.
  BOUNCE_DOMAIN: z.preprocess(
    unsetIfEmpty,
    z.string().toLowerCase().regex(HOSTNAME, 'must be a domain name such as bounces.example.com').optional(),
  ),
  // The name this server gives in EHLO; relays and spam filters compare it with its reverse DNS.
  SMTP_EHLO_NAME: z.preprocess(
    unsetIfEmpty,
    z.string().toLowerCase().regex(HOSTNAME, 'must be a host name such as mail.example.com').optional(),
  ),
  // Payments (issue 19): Stripe Checkout when both are set; the manual provider always works.
  STRIPE_SECRET_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(unsetIfEmpty, z.string().optional()),
  // Another Stripe API address (stripe-mock, a proxy); unset: Stripe's own.
  STRIPE_API_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
  // Tax added to recharge orders, as a percentage (15 = 15 %); 0 = no tax line.
  VAT_PERCENT: z.preprocess(unsetIfEmpty, z.coerce.number().min(0).max(100).default(0)),
  DISPATCHER: z.preprocess(unsetIfEmpty, z.enum(['on', 'off']).default('on')),
  SEND_CONCURRENCY: integer(10, 1, 500),
  SEND_RATE_PER_SECOND: integer(0, 0, 100_000),
  SEND_MAX_ATTEMPTS: integer(5, 1, 100),
  SEND_RETRY_SECONDS: integer(60, 1, 86_400),
  SEND_LEASE_SECONDS: integer(120, 2, 86_400),
  // Messages per claim (each claim also marks them started); the dispatcher claims three ahead.
  // Unset: 64 on SQLite, 20 on PostgreSQL (SENDING_BATCH_DEFAULTS).
  SEND_BATCH_SIZE: z.preprocess(unsetIfEmpty, bounded(1, 5000).optional()),
  SEND_POLL_MS: integer(250, 10, 3_600_000),
  // fast: messages built without MIME streams and sent by the pipelining client (docs/sending-engine.md);
  // nodemailer: nodemailer builds and sends every message, as before.
  SEND_ENGINE: z.preprocess(unsetIfEmpty, z.enum(['fast', 'nodemailer']).default('fast')),
  // worker: the dispatcher runs on its own thread with its own database connection, so composing,
  // SMTP and result writes never hold up the thread that answers HTTP; main: on that thread.
  SEND_THREAD: z.preprocess(unsetIfEmpty, z.enum(['worker', 'main']).default('worker')),
  // The dispatcher thread's nice value on Linux (0-19): when it and the API want the same core,
  // the API gets it first; sending alone is not slowed (docs/sending-engine.md).
  SEND_THREAD_NICE: integer(5, 0, 19),
  // Threads that compose and build messages for the dispatcher thread (fast engine, no rate
  // limit): 0 composes on the dispatcher thread itself (docs/sending-engine.md).
  COMPOSE_THREADS: integer(1, 0, 16),
  CAPTURE_SMTP_PORT: integer(0, 0, 65535),
  CAPTURE_SMTP_MAX_MB: integer(25, 1, 1024),
  MAILBOX_MAX_MESSAGES: integer(10_000, 1, 10_000_000),
  // The inbound receiver of bounces, complaints and mailto: unsubscribes (0 turns it off).
  INBOUND_SMTP_PORT: integer(2525, 0, 65535),
  INBOUND_SMTP_HOST: text('0.0.0.0'),
  INBOUND_SMTP_MAX_KB: integer(1024, 16, 1_048_576),
  INBOUND_REPORTS_MAX: integer(1000, 1, 1_000_000),
  // A campaign pauses itself past this hard-bounce rate, once it has this many deliveries.
  BOUNCE_PAUSE_PERCENT: z.preprocess(unsetIfEmpty, z.coerce.number().min(0).max(100).default(5)),
  BOUNCE_PAUSE_AFTER: integer(500, 1, 100_000_000),
  // SendGrid's signed event webhook: the verification key (base64 DER or PEM) it shows.
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  // SMS (issue 33): the default SMSC connection; unset starts the built-in test SMSC.
  SMPP_URL: z.preprocess(unsetIfEmpty, z.string().optional()).transform(parseSmppSetting),
  TEST_SMSC_PORT: integer(0, 0, 65535),
});

/** SMPP_URL checked at start like every other setting: a wrong one names what is wrong. */
function parseSmppSetting(value: string | undefined, ctx: z.RefinementCtx): SmppSettings | undefined {
  if (value === undefined) return undefined;
  try {
    return parseSmppUrl(value);
  } catch (error) {
    if (!(error instanceof SmppUrlError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

/**
 * "true" trusted the left-most X-Forwarded-For address, which the caller writes: anyone could
 * pick their own address and escape the per-address limits. So only a hop count or a list of
 * the proxies' own addresses is accepted.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | number | string {
  const raw = value?.trim().toLowerCase();
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        '"true" would trust any X-Forwarded-For a client sends; set the number of proxies in front ' +
        'of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,172.16.0.0/12)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `not a hop count or a list of proxy addresses/CIDRs: ${wrong.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries.join(',');
}

const MB = 1024 * 1024;

export type UploadLimits = {
  /** Largest file accepted per kind, in bytes. */
  maxBytes: Record<'zip' | 'attachment' | 'image', number>;
  zipMaxEntries: number;
  /** Total size of a zip's entries once unpacked: the zip-bomb guard. */
  zipMaxUnpackedBytes: number;
  /** Uploads no campaign took up are removed after this long. */
  unusedTtlMs: number;
  /** Bytes one user's unused uploads may take on disk, unpacked zip entries included. */
  quotaBytes: number;
  /** Uploads are refused while the data disk has less than this many bytes free. */
  minFreeBytes: number;
};

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
  /** Credits granted (through the ledger) to the administrator created at first start. */
  adminInitialCredits: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  staticDir: string;
  /**
   * Which X-Forwarded-* headers to believe: false (none), a number of proxy hops in front of the
   * app, or a comma list of proxy addresses/CIDRs (Fastify's trustProxy). Never plain `true`,
   * which would believe whatever the caller wrote.
   */
  trustProxy: false | number | string;
  /** Password hashes computed at once, and how many more may wait before 503. */
  passwordHashing: { concurrency: number; queue: number };
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  uploads: UploadLimits;
  /** The SPF record shown to administrators for each sender domain (what the relay needs). */
  spfRecord: string;
  /** Where people reach the app: links in e-mails (reset, survey, unsubscribe) start here. */
  publicUrl: string;
  /** Resolvers for domain checks, e.g. ["1.1.1.1", "127.0.0.1:5353"]; empty uses the system's. */
  dnsServers: string[];
  /** The relay campaigns and system mail go through; undefined until the capture server supplies one. */
  smtpUrl: string | undefined;
  /** The built-in capture server (only when smtpUrl is unset); always on 127.0.0.1. */
  capture: {
    /** 0 picks a free port at each start. */
    port: number;
    maxMessageBytes: number;
    /** The oldest captured messages beyond this many are removed. */
    maxMessages: number;
  };
  /** From of the product's own mail (password resets, contact notifications). */
  mailFrom: string;
  payments: PaymentsConfig;
  /** BOUNCE_DOMAIN: the domain of VERP envelope senders; null means each From address's own. */
  bounceDomain: string | null;
  /** SMTP_EHLO_NAME: the name given in EHLO; defaults to the PUBLIC_URL host. */
  ehloName: string;
  sending: SendingConfig;
  feedback: FeedbackConfig;
  /** HTTP v1 (API keys). */
  api: { rateLimitPerMinute: number };
  webhooks: WebhooksConfig;
  sms: SmsConfig;
};

/** SMS (issue 33, docs/sms.md). */
export type SmsConfig = {
  /** SMPP_URL as written (the connection's password is in it: never log it whole). */
  smppUrl: string | undefined;
  /** SMPP_URL read; null when unset, and then the built-in test SMSC runs. */
  smpp: SmppSettings | null;
  /** The built-in test SMSC, on 127.0.0.1; port 0 picks a free one at each start. */
  testSmsc: { port: number };
};

export type WebhooksConfig = {
  /** The delivery loop runs in this process (every process may run one: deliveries are leased). */
  delivery: boolean;
  /** URLs resolving to loopback, private or link-local addresses are refused unless this is set. */
  allowPrivate: boolean;
  timeoutMs: number;
  pollMs: number;
};

/** Bounces and complaints that come back after delivery (server/mail/feedback). */
export type FeedbackConfig = {
  /** The inbound SMTP receiver; null (INBOUND_SMTP_PORT=0) when off. Port 0 here: a free port. */
  inbound: { port: number; host: string; maxMessageBytes: number } | null;
  /** Unmatched reports kept for administrators; older ones are removed. */
  reportsMax: number;
  /** A campaign pauses when more than this percentage of its deliveries hard-bounced... */
  pausePercent: number;
  /** ...once it has at least this many deliveries. */
  pauseAfter: number;
  /** SendGrid's event webhook verification key; null: that webhook answers 404. */
  sendgridPublicKey: string | null;
};

export type PaymentsConfig = {
  /** Null: Stripe is off and orders go through the manual provider. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
  vatPercent: number;
};

export type SendingConfig = {
  /** false (DISPATCHER=off): this process serves the API only and never sends. */
  dispatcher: boolean;
  /** SMTP connections of the pool, i.e. messages in flight at once. */
  concurrency: number;
  /** 0 means no limit. */
  ratePerSecond: number;
  /** Tries before a temporary failure (4xx, dropped connection) becomes final. */
  maxAttempts: number;
  /** Back-off after the first temporary failure; it doubles per attempt, up to six hours. */
  retrySeconds: number;
  /** How long a claimed message belongs to its dispatcher before another may recover it. */
  leaseSeconds: number;
  /**
   * Messages per claim. A claim is also their start mark, so a crash flags as possible duplicates
   * the messages in flight plus at most three claims ahead.
   */
  batchSize: number;
  /**
   * How often an idle dispatcher looks at the queue. Work accepted by this process wakes it at
   * once; the poll finds work queued by other processes (DISPATCHER=off API servers, retries).
   */
  pollMs: number;
  /** SEND_ENGINE: `fast` (raw-message.ts + the pipelining client) or `nodemailer`. */
  engine?: 'fast' | 'nodemailer';
  /**
   * SEND_THREAD: `worker` (default) runs the dispatcher on a worker thread; `main` on the API's
   * thread (tests that move the app's clock need it there: a worker keeps real time).
   */
  thread?: 'worker' | 'main';
  /** SEND_THREAD_NICE: the dispatcher thread's nice value (Linux), so the API thread wins the CPU. */
  threadNice?: number;
  /** COMPOSE_THREADS: threads composing and building messages for the dispatcher thread (0: none). */
  composeThreads?: number;
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
    adminEmail: (e.ADMIN_EMAIL ?? defaultAdminEmail(e.PUBLIC_URL)).toLowerCase(),
    adminInitialCredits: e.ADMIN_INITIAL_CREDITS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    trustProxy: e.TRUST_PROXY,
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    uploads: {
      maxBytes: {
        zip: e.UPLOAD_ZIP_MAX_MB * MB,
        attachment: e.UPLOAD_ATTACHMENT_MAX_MB * MB,
        image: e.UPLOAD_IMAGE_MAX_MB * MB,
      },
      zipMaxEntries: e.ZIP_MAX_ENTRIES,
      zipMaxUnpackedBytes: e.ZIP_MAX_UNPACKED_MB * MB,
      unusedTtlMs: e.UPLOAD_UNUSED_HOURS * 3_600_000,
      quotaBytes: e.UPLOAD_QUOTA_MB * MB,
      minFreeBytes: e.UPLOAD_MIN_FREE_MB * MB,
    },
    spfRecord: e.SPF_RECORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dnsServers: (e.DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    capture: {
      port: e.CAPTURE_SMTP_PORT,
      maxMessageBytes: e.CAPTURE_SMTP_MAX_MB * MB,
      maxMessages: e.MAILBOX_MAX_MESSAGES,
    },
    mailFrom: e.MAIL_FROM ?? `"El Namer" <no-reply@${hostOf(e.PUBLIC_URL)}>`,
    bounceDomain: e.BOUNCE_DOMAIN ?? null,
    ehloName: e.SMTP_EHLO_NAME ?? hostOf(e.PUBLIC_URL),
    feedback: {
      inbound:
        e.INBOUND_SMTP_PORT === 0
          ? null
          : {
              port: e.INBOUND_SMTP_PORT,
              host: e.INBOUND_SMTP_HOST,
              maxMessageBytes: e.INBOUND_SMTP_MAX_KB * 1024,
            },
      reportsMax: e.INBOUND_REPORTS_MAX,
      pausePercent: e.BOUNCE_PAUSE_PERCENT,
      pauseAfter: e.BOUNCE_PAUSE_AFTER,
      sendgridPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY ?? null,
    },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL ?? null,
            }
          : null,
      vatPercent: e.VAT_PERCENT,
    },
    api: { rateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE },
    webhooks: {
      delivery: e.WEBHOOK_DELIVERY === 'on',
      allowPrivate: e.ALLOW_PRIVATE_WEBHOOKS === '1',
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    sms: {
      smppUrl: e.SMPP_URL ? String(env.SMPP_URL).trim() : undefined,
      smpp: e.SMPP_URL ?? null,
      testSmsc: { port: e.TEST_SMSC_PORT },
    },
    sending: {
      dispatcher: e.DISPATCHER === 'on',
      concurrency: e.SEND_CONCURRENCY,
      ratePerSecond: e.SEND_RATE_PER_SECOND,
      maxAttempts: e.SEND_MAX_ATTEMPTS,
      retrySeconds: e.SEND_RETRY_SECONDS,
      leaseSeconds: e.SEND_LEASE_SECONDS,
      batchSize: e.SEND_BATCH_SIZE ?? SENDING_BATCH_DEFAULTS[e.DATABASE_URL ? 'postgres' : 'sqlite'],
      pollMs: e.SEND_POLL_MS,
      engine: e.SEND_ENGINE,
      thread: e.SEND_THREAD,
      threadNice: e.SEND_THREAD_NICE,
      composeThreads: e.COMPOSE_THREADS,
    },
  };
}

// `localhost` has no dot, which some relays refuse in a sender address; it still names the app.
function hostOf(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

/**
 * The first administrator's address when ADMIN_EMAIL is unset: admin@ the app's own domain when
 * PUBLIC_URL names one, else admin@el-namer.localhost (`.localhost` is reserved for the local
 * machine, RFC 6761). It is the administrator's first "from" address, so `admin@localhost`, which
 * the product's address check refuses, would leave a new installation unable to send.
 */
function defaultAdminEmail(publicUrl: string | undefined): string {
  const own = `admin@${hostOf(publicUrl)}`;
  return isValidEmail(own) ? own : 'admin@el-namer.localhost';
}
