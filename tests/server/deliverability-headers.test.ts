import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createRelay, relaySystemMailer } from '../../server/mail/relay.ts';
import { generateDkimKey } from '../../server/modules/senders/dkim.ts';
import { systemDkimSignerFor } from '../../server/modules/senders/senders.service.ts';
import { insertTestCampaign, messagesOf, waitForCampaign } from './helpers/campaigns.ts';
import { sendApi } from './helpers/send-api.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * What mailbox providers require of a bulk sender (Gmail's and Yahoo's rules, RFC 8058, RFC 2919),
 * read from messages a real SMTP server received and checked with mailauth as a receiver would.
 */
describe(`deliverability headers and signing (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let sender: { id: string; access: string };
  const keys = generateDkimKey();

  const verifiedDomain = async (userId: string, domain: string) => {
    const { privateKey, publicKey } = await keys;
    await t.app.db
      .insertInto('sender_domains')
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        domain,
        dkim_selector: 'sel1',
        dkim_private_key: privateKey,
        dkim_public_key: publicKey,
        verified_at: new Date().toISOString(),
        last_checked_at: null,
        last_check: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  };

  const verify = async (raw: Buffer, from: string) => {
    const { publicKey } = await keys;
    return authenticate(raw, {
      sender: from,
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'sink.test',
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name.startsWith('sel1._domainkey.'))
          return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      smtpUrl: sink.url,
      publicUrl: 'https://mail.example.test',
      bounceDomain: 'bounces.example.test',
      ehloName: 'out.example.test',
      sending: { ...loadConfig({}).sending, concurrency: 2 },
    });
    const session = await t.signInAs('sender');
    sender = { id: session.user.id, access: session.access };
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('signs every header the rules name, with a VERP envelope, List-Id, Feedback-ID and both unsubscribe ways', async () => {
    await verifiedDomain(sender.id, 'signed.example');
    const id = await insertTestCampaign(t.app.db, {
      userId: sender.id,
      fromEmail: 'team@signed.example',
      senderName: 'فريق النمر',
      replyTo: 'support@signed.example',
      recipients: [{ email: 'dana@example.test', name: 'Dana', variables: { code: 'D' } }],
    });
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    const [row] = await messagesOf(t.app.db, id);
    const received = sink.received.find((message) => message.to === 'dana@example.test')!;

    // The envelope names the message at the bounce domain; the header From is the sender's.
    expect(received.from).toBe(`b+${row!.token}@bounces.example.test`);
    expect(received.helo).toBe('out.example.test');
    const mail = await sink.parsed('dana@example.test');
    expect(mail.from?.value[0]?.address).toBe('team@signed.example');
    expect(mail.replyTo?.value[0]?.address).toBe('support@signed.example');

    const header = (key: string) =>
      mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(
      `List-Unsubscribe: <https://mail.example.test/api/public/m/${row!.token}/unsubscribe>, ` +
        `<mailto:u+${row!.token}@bounces.example.test>`,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('feedback-id')).toBe(`Feedback-ID: ${id}:${sender.id}:el-namer`);
    // An Arabic description is an encoded word; the identifier is the campaign at the From domain.
    expect(header('list-id')).toMatch(new RegExp(`^List-ID: =\\?UTF-8\\?.+\\?= <${id}\\.signed\\.example>$`));

    const result = await verify(received.raw, 'team@signed.example');
    const dkim = result.dkim.results[0];
    expect(dkim?.status.result).toBe('pass');
    // mailauth's types leave out signingHeaders, the h= list it verified.
    const { signingHeaders } = dkim as unknown as { signingHeaders?: { keys?: string } };
    const signed = (signingHeaders?.keys ?? '').toLowerCase().split(/:\s*/);
    for (const name of [
      'from',
      'to',
      'subject',
      'date',
      'message-id',
      'mime-version',
      'content-type',
      'reply-to',
      'list-id',
      'list-unsubscribe',
      'list-unsubscribe-post',
      'feedback-id',
    ]) {
      expect(signed, name).toContain(name);
    }
  });

  it('falls back to the From domain for the envelope, and names the one list a campaign mails', async () => {
    const other = await createTestApp({ smtpUrl: sink.url, sending: { ...loadConfig({}).sending } });
    try {
      const owner = await other.signInAs('sender');
      const id = await insertTestCampaign(other.app.db, {
        userId: owner.user.id,
        fromEmail: 'news@From.Example.test',
        recipients: [{ email: 'erin@example.test', name: 'Erin' }],
      });
      const listId = crypto.randomUUID();
      await other.app.db
        .updateTable('campaigns')
        .set({ source_type: 'lists', source_ref: JSON.stringify({ ids: [listId] }) })
        .where('id', '=', id)
        .execute();
      other.app.mailDispatcher?.wake();
      await waitForCampaign(other.app.db, id, 'completed');
      const [row] = await messagesOf(other.app.db, id);
      const received = sink.received.find((message) => message.to === 'erin@example.test')!;
      expect(received.from).toBe(`b+${row!.token}@from.example.test`);
      const mail = await sink.parsed('erin@example.test');
      const listHeader = mail.headerLines.find((line) => line.key === 'list-id')?.line;
      expect(listHeader).toBe(`List-ID: "Sender" <${listId}.from.example.test>`);
      expect(mail.replyTo).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('signs the product’s own mail when its From domain is verified, and only then', async () => {
    const relay = createRelay(() => sink.url, { concurrency: 1, ratePerSecond: 0 }, 'out.example.test');
    try {
      const admin = await t.signInAs('admin');
      await verifiedDomain(admin.user.id, 'product.example');
      const dkimFor = (domain: string) => systemDkimSignerFor(t.app.db, domain);
      const signedMailer = relaySystemMailer(relay, '"El Namer" <no-reply@product.example>', dkimFor);
      await signedMailer.send({ to: 'reset@example.test', subject: 'Reset', html: '<p>x</p>', text: 'x' });
      const signed = sink.received.find((message) => message.to === 'reset@example.test')!;
      const result = await verify(signed.raw, 'no-reply@product.example');
      expect(result.dkim.results[0]?.status.result).toBe('pass');
      expect(result.dkim.results[0]?.signingDomain).toBe('product.example');

      const plainMailer = relaySystemMailer(relay, 'no-reply@unverified.example', dkimFor);
      await plainMailer.send({ to: 'plain@example.test', subject: 'Hi', html: '<p>x</p>', text: 'x' });
      const plain = sink.received.find((message) => message.to === 'plain@example.test')!;
      expect(plain.raw.toString()).not.toMatch(/^DKIM-Signature:/im);
    } finally {
      relay.close();
    }
  });

  it('takes reply_to with a send and refuses one that is not an address', async () => {
    const { session, body, send } = sendApi(() => t);
    const who = await session();
    const accepted = await send(who, body(who, { reply_to: 'answers@example.com' }));
    expect(accepted.statusCode).toBe(201);
    const campaign = await t.app.db
      .selectFrom('campaigns')
      .select('reply_to')
      .where('id', '=', accepted.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(campaign.reply_to).toBe('answers@example.com');

    const empty = await send(who, body(who, { reply_to: '' }));
    expect(empty.statusCode).toBe(201);

    const refused = await send(who, body(who, { reply_to: 'not an address' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { reply_to: expect.any(String) } });
  });
});

describe('deliverability settings', () => {
  it('defaults the EHLO name to the PUBLIC_URL host and checks BOUNCE_DOMAIN and SMTP_EHLO_NAME', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com' }).ehloName).toBe('app.example.com');
    expect(loadConfig({}).bounceDomain).toBeNull();
    expect(loadConfig({ BOUNCE_DOMAIN: 'Bounces.Example.com' }).bounceDomain).toBe('bounces.example.com');
    expect(loadConfig({ SMTP_EHLO_NAME: 'mx1.example.com' }).ehloName).toBe('mx1.example.com');
    expect(() => loadConfig({ BOUNCE_DOMAIN: 'not a domain' })).toThrow(/BOUNCE_DOMAIN/);
    expect(() => loadConfig({ SMTP_EHLO_NAME: 'bad_name!' })).toThrow(/SMTP_EHLO_NAME/);
  });
});
