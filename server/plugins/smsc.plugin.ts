import fp from 'fastify-plugin';
import { parseSmppUrl, type SmppSettings } from '../channels/sms/smpp-url.ts';
import { startTestSmsc, type TestSmsc } from '../channels/sms/test-smsc.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The default SMSC connection (issue 33): SMPP_URL when set, else the built-in test SMSC on
     * loopback, like the Mailbox for e-mail. Nothing sends through it yet (docs/sms.md).
     */
    smsc: { settings: SmppSettings; testSmsc: TestSmsc | null };
  }
}

/** Started while the app is built, so the URL is known to the plugins after it; closed with the app. */
export default fp(
  async (app) => {
    const config = app.appConfig.sms;
    if (config.smpp) {
      app.decorate('smsc', { settings: config.smpp, testSmsc: null });
      return;
    }
    const testSmsc = await startTestSmsc({ port: config.testSmsc.port, now: app.now });
    app.decorate('smsc', { settings: parseSmppUrl(testSmsc.url), testSmsc });
    app.addHook('onClose', () => testSmsc.close());
  },
  { name: 'smsc', dependencies: ['services'] },
);
