import nodemailer from 'nodemailer';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { senderDomainSchema } from '../../contract/senders.contract.ts';
import { allowedFromAddresses, dkimSignerFor } from '../../server/modules/senders/senders.service.ts';
import { startDnsServer } from './helpers/dns-server.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

describe('sender identities: domains with DKIM, addresses and names', () => {
  const dns = new Map<string, string[]>();
  let server: Awaited<ReturnType<typeof startDnsServer>>;
  let t: TestApp;
  let admin: string;
  let senderId: string;
  let senderAccess: string;

  beforeAll(async () => {
    server = await startDnsServer(dns);
    t = await createTestApp({
      dnsServers: [server.address],
      spfRecord: 'v=spf1 include:relay.example.net ~all',
    });
    admin = (await t.signInAs('admin')).access;
    const sender = await t.signInAs('sender');
    senderId = sender.user.id;
    senderAccess = sender.access;
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, access = admin) =>
    t.app.inject({ method, url: `/api/auth/users/${senderId}${url}`, headers: bearer(access), payload });

  it('gives a new domain its own DKIM key and the DNS records to publish', async () => {
    const response = await call('POST', '/domains/', { domain: ' Mail.Example.COM ' });
    expect(response.statusCode).toBe(201);
    const domain = senderDomainSchema.parse(response.json());
    expect(domain.domain).toBe('mail.example.com');
    expect(domain.verified_at).toBeNull();
    const [dkim, spf, dmarc] = domain.records;
    expect(dkim).toMatchObject({
      purpose: 'dkim',
      name: `${domain.dkim_selector}._domainkey.mail.example.com`,
      found: null,
    });
    expect(dkim!.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(spf).toMatchObject({ name: 'mail.example.com', value: 'v=spf1 include:relay.example.net ~all' });
    expect(dmarc).toMatchObject({ name: '_dmarc.mail.example.com' });
    expect(response.body).not.toContain('PRIVATE KEY');
  });

  it('refuses a malformed or repeated domain', async () => {
    expect((await call('POST', '/domains/', { domain: 'not a domain' })).json().fields).toEqual({
      domain: 'validation.domain',
    });
    expect((await call('POST', '/domains/', { domain: 'mail.example.com' })).statusCode).toBe(409);
  });

  it('checks the records through DNS and verifies the domain once DKIM is published', async () => {
    const [domain] = (await call('GET', '/senders/')).json().domains;
    const before = await call('POST', `/domains/${domain.id}/check/`);
    expect(before.json()).toMatchObject({ verified_at: null });
    expect(before.json().records.map((r: { found: boolean }) => r.found)).toEqual([false, false, false]);

    for (const record of domain.records) dns.set(record.name, [record.value]);
    dns.set('mail.example.com', [
      'google-site-verification=abc',
      'v=spf1 a mx include:relay.example.net -all',
    ]);
    const after = await call('POST', `/domains/${domain.id}/check/`);
    expect(after.statusCode).toBe(200);
    expect(after.json().verified_at).not.toBeNull();
    expect(after.json().records.map((r: { found: boolean }) => r.found)).toEqual([true, true, true]);
  });

  it('adds sender addresses only on the user’s own domains', async () => {
    const refused = await call('POST', '/sender-emails/', { email: 'news@other.example.org' });
    expect(refused.json().fields).toEqual({ email: 'validation.emailDomainNotOwned' });
    const added = await call('POST', '/sender-emails/', { email: 'News@MAIL.example.com' });
    expect(added.statusCode).toBe(201);
    expect(added.json().email).toBe('News@mail.example.com');
    expect((await call('POST', '/sender-emails/', { email: 'news@mail.example.com' })).statusCode).toBe(409);
    expect(await allowedFromAddresses(t.app.db, { id: senderId, email: 'own@example.test' })).toEqual([
      'News@mail.example.com',
    ]);
  });

  it('lets a user with no sender addresses send from its own address only', async () => {
    const other = await t.createUser({ role: 'sender', email: 'solo@example.test' });
    expect(await allowedFromAddresses(t.app.db, { id: other.id, email: 'solo@example.test' })).toEqual([
      'solo@example.test',
    ]);
  });

  it('signs mail from a verified domain with a DKIM signature that verifies against the published key', async () => {
    const signer = await dkimSignerFor(t.app.db, senderId, 'news@mail.example.com');
    expect(signer).not.toBeNull();
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail({
      from: 'News <news@mail.example.com>',
      to: 'reader@example.org',
      subject: 'مرحبا',
      text: 'Signed',
      dkim: signer!,
    });
    const message = info.message as Buffer;
    const resolver = async (name: string) => {
      const values = dns.get(name.toLowerCase());
      if (!values) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return values.map((value) => [value]);
    };
    const result = await dkimVerify(message, { resolver });
    expect(result.results[0]?.status.result).toBe('pass');
    expect(await dkimSignerFor(t.app.db, senderId, 'x@unverified.example')).toBeNull();
  });

  it('adds and removes display names', async () => {
    const added = await call('POST', '/sender-names/', { name: 'فريق النمر' });
    expect(added.statusCode).toBe(201);
    expect((await call('GET', '/senders/')).json().names).toEqual([
      { id: added.json().id, name: 'فريق النمر' },
    ]);
    expect((await call('DELETE', `/sender-names/${added.json().id}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `/sender-names/${added.json().id}/`)).statusCode).toBe(404);
  });

  it('is for administrators only, and answers 404 for an unknown user', async () => {
    expect((await call('GET', '/senders/', undefined, senderAccess)).statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/auth/users/00000000-0000-4000-8000-000000000000/senders/',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('removing a domain removes its addresses', async () => {
    const [domain] = (await call('GET', '/senders/')).json().domains;
    expect((await call('DELETE', `/domains/${domain.id}/`)).statusCode).toBe(204);
    expect((await call('GET', '/senders/')).json()).toMatchObject({ domains: [], emails: [] });
  });
});
