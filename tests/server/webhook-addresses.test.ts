import type { LookupAddress } from 'node:dns';
import { checkWebhookUrl, isPrivateAddress } from '../../server/modules/webhooks/address-check.ts';
import { postWebhook } from '../../server/modules/webhooks/delivery.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

/** Every IPv6 spelling of a loopback or private IPv4 address leads there: each is refused. */
describe('webhook URLs in IPv6 forms of private addresses', () => {
  it.each([
    ['IPv4-compatible, dotted', 'http://[::127.0.0.1]/hook'],
    ['IPv4-compatible, hex', 'http://[::7f00:1]/hook'],
    ['IPv4-mapped, dotted', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped, hex', 'http://[::ffff:7f00:1]/hook'],
    ['IPv4-mapped, private network', 'http://[::ffff:a00:1]/hook'],
    ['IPv4-translated', 'http://[::ffff:0:10.0.0.1]/hook'],
    ['6to4 of loopback', 'http://[2002:7f00:1::]/hook'],
    ['6to4 of a private network', 'http://[2002:c0a8:101::1]/hook'],
    ['NAT64 of loopback', 'http://[64:ff9b::127.0.0.1]/hook'],
    ['NAT64 of a private network', 'http://[64:ff9b::a9fe:a9fe]/hook'],
    ['local-use NAT64', 'http://[64:ff9b:1::808:808]/hook'],
    // Teredo keeps the client's IPv4 address with its bits inverted: 127.0.0.1 is 80ff:fffe.
    ['Teredo with a loopback client', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook'],
    ['Teredo with a private server', 'http://[2001:0:a00:1::1]/hook'],
    ['unique local', 'http://[fd12:3456::1]/hook'],
    ['link-local', 'http://[fe80::1]/hook'],
    ['multicast', 'http://[ff02::1]/hook'],
    ['unspecified', 'http://[::]/hook'],
    ['loopback', 'http://[::1]/hook'],
    ['documentation', 'http://[2001:db8::1]/hook'],
  ])('refuses %s (%s)', async (_form, url) => {
    expect(await checkWebhookUrl(url, false)).toBe('private');
    const sent = await postWebhook(url, '{}', {}, { timeoutMs: 1000, allowPrivate: false });
    expect(sent).toEqual({ status: null, error: 'refused: private address' });
  });

  it('accepts the same forms around public addresses', () => {
    const publicForms = [
      '::ffff:8.8.8.8',
      '2002:808:808::1',
      '64:ff9b::8.8.8.8',
      // Teredo: server 65.54.227.120, client 8.8.8.8 (inverted f7f7:f7f7).
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
      '2606:4700:4700::1111',
      '93.184.216.34',
    ];
    expect(publicForms.filter(isPrivateAddress)).toEqual([]);
    expect(
      ['192.0.2.1', '198.51.100.7', '203.0.113.9', 'not-an-ip'].filter((a) => !isPrivateAddress(a)),
    ).toEqual([]);
  });
});

describe('webhook hosts checked again at connect time (DNS rebinding)', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  /** A name that answers a public address first and the receiver's loopback after. */
  const rebinding = () => {
    const answers: LookupAddress[][] = [[{ address: '93.184.216.34', family: 4 }]];
    const calls: string[] = [];
    const resolve = async (host: string) => {
      calls.push(host);
      return answers.shift() ?? [{ address: '127.0.0.1', family: 4 }];
    };
    return { resolve, calls };
  };

  it('accepts the name when saved, then refuses to connect when it turns to loopback', async () => {
    const dns = rebinding();
    const url = `http://hooks.rebind.test:${receiver.port}/hooks`;
    expect(await checkWebhookUrl(url, false, dns.resolve)).toBeNull();

    const sent = await postWebhook(
      url,
      '{}',
      {},
      { timeoutMs: 2000, allowPrivate: false, resolve: dns.resolve },
    );
    expect(sent.status).toBeNull();
    expect(sent.error).toMatch(/private address/);
    expect(receiver.received).toHaveLength(0);
    // One resolution per connection: the checked answer is the one connected to.
    expect(dns.calls).toEqual(['hooks.rebind.test', 'hooks.rebind.test']);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = async (): Promise<LookupAddress[]> => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
    expect(await checkWebhookUrl('http://mixed.test/', false, resolve)).toBe('private');
    const sent = await postWebhook(
      `http://mixed.test:${receiver.port}/`,
      '{}',
      {},
      {
        timeoutMs: 2000,
        allowPrivate: false,
        resolve,
      },
    );
    expect(sent.error).toMatch(/private address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('connects to the checked address itself when private ones are allowed', async () => {
    const dns = rebinding();
    await dns.resolve('first');
    const sent = await postWebhook(
      `http://hooks.rebind.test:${receiver.port}/hooks`,
      '{}',
      {},
      {
        timeoutMs: 2000,
        allowPrivate: true,
        resolve: dns.resolve,
      },
    );
    expect(sent).toEqual({ status: 204, error: null });
    expect(receiver.received).toHaveLength(1);
  });
});
