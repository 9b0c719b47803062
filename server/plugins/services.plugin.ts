import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';
import type { TokenService } from '../lib/tokens.ts';
import type { SystemMailer } from '../mail/system-mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    appConfig: AppConfig;
    tokens: TokenService;
    systemMailer: SystemMailer;
    /** The current time; tests move it to check expiry and schedules. */
    now: () => Date;
    /** Free bytes on the disk holding a folder (the upload guard); tests pretend. */
    freeDiskBytes: (dir: string) => Promise<number>;
  }
}

export type Services = {
  db: Db;
  config: AppConfig;
  tokens: TokenService;
  systemMailer: SystemMailer;
  now: () => Date;
  freeDiskBytes: (dir: string) => Promise<number>;
};

/** The app's dependencies, made once in buildApp and handed to every route plugin through `app`. */
export default fp<Services>(
  async (app, services) => {
    app.decorate('db', services.db);
    app.decorate('appConfig', services.config);
    app.decorate('tokens', services.tokens);
    app.decorate('systemMailer', services.systemMailer);
    app.decorate('now', services.now);
    app.decorate('freeDiskBytes', services.freeDiskBytes);
  },
  { name: 'services' },
);
