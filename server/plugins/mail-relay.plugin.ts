import fp from 'fastify-plugin';
import { startCaptureServer } from '../mail/capture/capture-server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where every e-mail is sent: SMTP_URL when set, else the built-in capture server on loopback
     * (smtp://127.0.0.1:PORT). One SMTP path either way.
     */
    mailRelayUrl: string;
  }
}

/**
 * Chooses the relay. The capture server is started while the app is built (not on ready) so the
 * URL is known to every plugin registered after this one, and is closed with the app.
 */
export default fp(
  async (app) => {
    const config = app.appConfig;
    if (config.smtpUrl) {
      app.decorate('mailRelayUrl', config.smtpUrl);
      return;
    }
    const capture = await startCaptureServer({
      db: app.db,
      log: app.log.child({ module: 'capture-smtp' }),
      dataDir: config.dataDir,
      port: config.capture.port,
      maxMessageBytes: config.capture.maxMessageBytes,
      maxMessages: config.capture.maxMessages,
      now: app.now,
    });
    app.decorate('mailRelayUrl', capture.url);
    app.addHook('onClose', () => capture.close());
  },
  { name: 'mail-relay', dependencies: ['services'] },
);
