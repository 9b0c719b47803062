import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_PREFIX } from '../contract/api-paths.ts';
import { ensureAdmin } from './bootstrap-admin.ts';
import type { AppConfig } from './config.ts';
import { createDb } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { createTokenService } from './lib/tokens.ts';
import authPlugin from './plugins/auth.plugin.ts';
import errorsPlugin from './plugins/errors.plugin.ts';
import securityPlugin from './plugins/security.plugin.ts';
import servicesPlugin from './plugins/services.plugin.ts';
import spaPlugin from './plugins/spa.plugin.ts';
import authRoutes from './routes/auth/auth.routes.ts';
import themeRoutes from './routes/theme/themes.routes.ts';
import healthRoutes from './routes/health/health.routes.ts';

export type BuildAppOptions = {
  config: AppConfig;
  /** A database owned by the caller (left open on close); by default one is made from config. */
  db?: Kysely<Database>;
  logger?: FastifyServerOptions['logger'];
  /** Where the generated administrator password is shown; stdout by default. */
  print?: (text: string) => void;
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

/** The whole server as a Fastify instance that never listens: main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const db = options.db ?? createDb(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // `/control/theme/` and `/control/theme` are two endpoints (spec §7): never merge or redirect.
    routerOptions: { ignoreTrailingSlash: false },
  });
  if (!options.db) app.addHook('onClose', () => db.destroy());

  try {
    // Before any route exists: a request must never meet a half-migrated schema.
    await migrateToLatest(db);
    await ensureAdmin(db, config, app.log, options.print);
    const tokens = createTokenService({
      secret: resolveJwtSecret(config),
      accessTtlSeconds: config.accessTokenTtlSeconds,
    });
    await app.register(servicesPlugin, { db, config, tokens });
    await app.register(errorsPlugin);
    await app.register(securityPlugin);
    await app.register(authPlugin);
    await app.register(authRoutes, { prefix: API_PREFIX });
    await app.register(themeRoutes, { prefix: API_PREFIX });
    await app.register(healthRoutes, { prefix: API_PREFIX });
    await app.register(spaPlugin, { staticDir: config.staticDir });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
