import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../contract/endpoint.ts';
import { ensureAdmin } from './bootstrap-admin.ts';
import type { AppConfig } from './config.ts';
import { createDb } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Db } from './db/schema.ts';
import { createRelay, relaySystemMailer } from './mail/relay.ts';
import type { SystemMailer } from './mail/system-mail.ts';
import { configurePasswordHashing } from './lib/password.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { createTokenService } from './lib/tokens.ts';
import { contractValidatorCompiler } from './lib/validation.ts';
import { apiModules } from './modules/index.ts';
import apiV1Plugin from './plugins/api-v1.plugin.ts';
import authPlugin from './plugins/auth.plugin.ts';
import inboundSmtpPlugin from './plugins/inbound-smtp.plugin.ts';
import mailRelayPlugin from './plugins/mail-relay.plugin.ts';
import smscPlugin from './plugins/smsc.plugin.ts';
import errorsPlugin, { answerClientError, answerFrameworkError } from './plugins/errors.plugin.ts';
import securityPlugin from './plugins/security.plugin.ts';
import sendingPlugin from './plugins/sending.plugin.ts';
import servicesPlugin from './plugins/services.plugin.ts';
import spaPlugin from './plugins/spa.plugin.ts';
import { freeDiskBytes, type FreeDiskBytes } from './modules/uploads/upload-space.ts';
import { systemDkimSignerFor } from './modules/senders/senders.service.ts';

export type BuildAppOptions = {
  config: AppConfig;
  /** A database owned by the caller (left open on close); by default one is made from config. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Sends the product's own mail (password resets, contact notifications); tests record it. */
  systemMailer?: SystemMailer;
  /** The clock (tests move it); `new Date()` by default. */
  now?: () => Date;
  /** Where the generated administrator password is shown; stdout by default. */
  print?: (text: string) => void;
  /** Free bytes on the data disk (the upload guard); fs.statfs by default, tests pretend. */
  freeDiskBytes?: FreeDiskBytes;
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    // Fastify logs no headers or bodies by default; this keeps credentials out if anyone adds them.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refresh',
        '*.access',
        'body.password',
        'body.refresh',
      ],
      censor: '[redacted]',
    },
  };
}

/** A hop count becomes proxy-addr's "the first n hops are proxies" (Fastify's types omit numbers). */
function fastifyTrustProxy(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** The whole server as a Fastify instance that never listens: main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const db = options.db ?? createDb(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // `/control/theme/` and `/control/theme` are two endpoints (spec §7): never merge or redirect.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // Every request part is parsed by its contract schema and every answer serialised through one.
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (!options.db) app.addHook('onClose', () => db.destroy());

  try {
    // Before any route exists: a request must never meet a half-migrated schema.
    await migrateToLatest(db);
    configurePasswordHashing(config.passwordHashing);
    await ensureAdmin(db, config, app.log, options.print);
    const tokens = createTokenService({
      secret: resolveJwtSecret(config),
      accessTtlSeconds: config.accessTokenTtlSeconds,
    });
    const relay = createRelay(() => app.mailRelayUrl, config.sending, config.ehloName);
    const systemMailer =
      options.systemMailer ??
      relaySystemMailer(relay, config.mailFrom, (domain) => systemDkimSignerFor(db, domain));
    const now = options.now ?? (() => new Date());
    const freeDisk = options.freeDiskBytes ?? freeDiskBytes;
    await app.register(servicesPlugin, { db, config, tokens, systemMailer, now, freeDiskBytes: freeDisk });
    await app.register(mailRelayPlugin);
    await app.register(smscPlugin);
    await app.register(inboundSmtpPlugin);
    await app.register(errorsPlugin);
    await app.register(securityPlugin);
    await app.register(authPlugin);
    await app.register(apiV1Plugin);
    await app.register(sendingPlugin, { relay });
    for (const module of apiModules) await app.register(module, { prefix: API_PREFIX });
    await app.register(spaPlugin, { staticDir: config.staticDir });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
