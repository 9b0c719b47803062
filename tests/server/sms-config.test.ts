import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { smppClient } from './helpers/smpp.ts';
import { createTestApp } from './helpers/test-app.ts';

describe('SMS configuration', () => {
  it('reads SMPP_URL, with TLS and the query settings', () => {
    const config = loadConfig({ SMPP_URL: 'smpps://acme:pw@smsc.example.com:3551?tps=40&window=25' });
    expect(config.sms.smpp).toMatchObject({
      tls: true,
      host: 'smsc.example.com',
      port: 3551,
      systemId: 'acme',
      tps: 40,
      window: 25,
    });
    expect(config.sms.smppUrl).toBe('smpps://acme:pw@smsc.example.com:3551?tps=40&window=25');
  });

  it('leaves the connection unset (the built-in test SMSC) without SMPP_URL or with an empty one', () => {
    for (const env of [{}, { SMPP_URL: '' }])
      expect(loadConfig(env).sms).toEqual({ smppUrl: undefined, smpp: null, testSmsc: { port: 0 } });
  });

  it('refuses a wrong SMPP_URL at start, saying what is wrong', () => {
    expect(() => loadConfig({ SMPP_URL: 'smpp://smsc.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMPP_URL: 'smpp://a:b@smsc.example.com?window=0' })).toThrow(
      /SMPP_URL: window must be/,
    );
  });

  it('starts the built-in test SMSC with the app when no SMPP_URL is set, and stops it with the app', async () => {
    const { app, close } = await createTestApp();
    const testSmsc = app.smsc.testSmsc;
    expect(testSmsc).not.toBeNull();
    expect(app.smsc.settings).toMatchObject({ host: '127.0.0.1', port: testSmsc?.port });
    const { client } = smppClient(testSmsc?.url ?? '');
    await client.whenBound();
    await client.sendText({ source: 'ElNamer', destination: '+201012345678', text: 'مرحبا', reference: 0 });
    expect(testSmsc?.messages()[0]).toMatchObject({ text: 'مرحبا', encoding: 'ucs2' });
    await client.close(0);
    await close();
    const refused = await new Promise<boolean>((resolve) => {
      const probe = smppClient(testSmsc?.url ?? '', { reconnectMs: 10_000 }).client;
      probe.once('state', (state: string) => {
        void probe.close(0);
        resolve(state === 'waiting');
      });
    });
    expect(refused).toBe(true);
  });
});
