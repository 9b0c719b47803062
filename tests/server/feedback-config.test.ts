import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

/** The settings of bounces and complaints after delivery (issue 16). */
describe('feedback configuration', () => {
  it('runs the inbound receiver on 2525 by default and pauses past 5 % after 500 deliveries', () => {
    expect(loadConfig({}).feedback).toEqual({
      inbound: { port: 2525, host: '0.0.0.0', maxMessageBytes: 1024 * 1024 },
      reportsMax: 1000,
      pausePercent: 5,
      pauseAfter: 500,
      sendgridPublicKey: null,
    });
  });

  it('turns the receiver off with 0 and reads every setting', () => {
    expect(
      loadConfig({
        INBOUND_SMTP_PORT: '0',
        INBOUND_REPORTS_MAX: '50',
        BOUNCE_PAUSE_PERCENT: '2.5',
        BOUNCE_PAUSE_AFTER: '1000',
        SENDGRID_WEBHOOK_PUBLIC_KEY: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
      }).feedback,
    ).toEqual({
      inbound: null,
      reportsMax: 50,
      pausePercent: 2.5,
      pauseAfter: 1000,
      sendgridPublicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
    });
    expect(
      loadConfig({ INBOUND_SMTP_PORT: '25', INBOUND_SMTP_HOST: '127.0.0.1' }).feedback.inbound,
    ).toMatchObject({
      port: 25,
      host: '127.0.0.1',
    });
  });

  it.each([
    ['INBOUND_SMTP_PORT', '70000'],
    ['BOUNCE_PAUSE_PERCENT', '101'],
    ['BOUNCE_PAUSE_PERCENT', 'five'],
    ['INBOUND_REPORTS_MAX', '0'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
