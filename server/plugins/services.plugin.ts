import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { TokenService } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    appConfig: AppConfig;
    tokens: TokenService;
  }
}

export type Services = { db: Kysely<Database>; config: AppConfig; tokens: TokenService };

/** The app's dependencies, made once in buildApp and handed to every route plugin through `app`. */
export default fp<Services>(
  async (app, services) => {
    app.decorate('db', services.db);
    app.decorate('appConfig', services.config);
    app.decorate('tokens', services.tokens);
  },
  { name: 'services' },
);
