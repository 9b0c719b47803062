import fp from 'fastify-plugin';
import { startInboundServer } from '../mail/feedback/inbound-server.ts';
import { defaultFetchText, type FetchText } from '../mail/feedback/providers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How the SES webhook reads SNS certificates and confirms subscriptions; tests replace it. */
    snsFetchText: FetchText;
    /** The port the inbound SMTP receiver listens on; null when it is off or could not start. */
    inboundSmtpPort: number | null;
  }
}

/**
 * Starts the inbound SMTP receiver of bounces, complaints and mailed unsubscribes (server/mail/
 * feedback) unless INBOUND_SMTP_PORT=0, and closes it with the app. A port already taken is
 * logged as an error and the app serves on without it: the dashboard and sending do not need it.
 */
export default fp(
  async (app) => {
    app.decorate('inboundSmtpPort', null);
    app.decorate('snsFetchText', defaultFetchText);
    const { feedback, bounceDomain } = app.appConfig;
    if (!feedback.inbound) return;
    try {
      const server = await startInboundServer({
        db: app.db,
        log: app.log.child({ module: 'inbound-smtp' }),
        bounceDomain,
        feedback,
        port: feedback.inbound.port,
        host: feedback.inbound.host,
        maxMessageBytes: feedback.inbound.maxMessageBytes,
        now: app.now,
      });
      app.inboundSmtpPort = server.port;
      app.addHook('onClose', () => server.close());
    } catch (error) {
      app.log.error(
        { err: error, port: feedback.inbound.port },
        'the inbound SMTP receiver could not start: bounces and complaints by mail are not received',
      );
    }
  },
  { name: 'inbound-smtp', dependencies: ['services'] },
);
