import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { Dispatcher } from '../../server/mail/dispatcher.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { generateDkimKey } from '../../server/modules/senders/dkim.ts';
import { markUploadsUsed } from '../../server/modules/uploads/uploads.repository.ts';
import { insertTestCampaign, messagesOf, waitForCampaign } from './helpers/campaigns.ts';
import { makeZip, multipartFile, tinyPng } from './helpers/files.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * What a recipient actually receives, checked on the wire through a real SMTP server: composed on
 * the dispatcher's thread (COMPOSE_THREADS=0) and on a compose thread (the default, 1).
 */
describe.each([0, 1])('composing campaign messages (compose threads: %i)', (composeThreads) => {
  let sink: SmtpSink;
  let t: TestApp;
  let sender: { id: string; access: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      smtpUrl: sink.url,
      publicUrl: 'https://mail.example.test',
      sending: { ...loadConfig({}).sending, concurrency: 4, composeThreads },
    });
    const session = await t.signInAs('sender');
    sender = { id: session.user.id, access: session.access };
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const upload = async (kind: string, fileName: string, content: Buffer, type?: string) => {
    const body = multipartFile(fileName, content, type);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/?kind=${kind}`,
      headers: { ...bearer(sender.access), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it('personalises each message and carries survey, tracking, unsubscribe and every attachment', async () => {
    const zip = await upload(
      'zip',
      'invoices.zip',
      await makeZip({ 'invoices/INV-1.pdf': '%PDF-1 for alice', 'invoices/INV-2.pdf': '%PDF-1 for bob' }),
    );
    const attachment = await upload('attachment', 'brochure.txt', Buffer.from('the brochure'), 'text/plain');
    const image = await upload('image', 'logo.png', tinyPng, 'image/png');
    const before = await balanceOf(t.app.db, sender.id);
    const id = await insertTestCampaign(t.app.db, {
      userId: sender.id,
      language: 'ar',
      senderName: 'النمر',
      fromEmail: 'news@example.test',
      subject: 'مرحبا {{name}}',
      html: '<html><body><p>Dear {{name}}, code {{code}} on {{date}}</p></body></html>',
      survey: { type: 'yes_no', question: 'Did you like it?' },
      attachments: { zips: [zip], attachment, image },
      recipients: [
        {
          email: 'alice@example.test',
          name: 'Alice <b>',
          variables: { code: 'A&1' },
          attachment: 'INV-1.pdf',
        },
        { email: 'bob@example.test', name: 'Bob', variables: { code: 'B2' } },
      ],
    });
    await markUploadsUsed(t.app.db, [zip, attachment, image], id);
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');

    const [aliceRow] = await messagesOf(t.app.db, id);
    const alice = await sink.parsed('alice@example.test');
    expect(alice.subject).toBe('مرحبا Alice <b>');
    expect(alice.from?.value[0]).toEqual({ name: 'النمر', address: 'news@example.test' });
    expect(alice.html).toContain('Dear Alice &lt;b&gt;, code A&amp;1 on');
    expect(alice.text).toContain('Dear Alice <b>, code A&1 on');
    const base = `https://mail.example.test/api/public/m/${aliceRow?.token}`;
    expect(alice.html).toContain(`${base}/open`);
    expect(alice.html).toContain(`${base}/answer?value=yes`);
    expect(alice.html).toContain(`${base}/answer?value=no`);
    expect(alice.html).toContain('Did you like it?');
    expect(alice.html).toContain('نعم');
    expect(alice.html).toContain(`${base}/unsubscribe`);
    expect(alice.text).toContain(`${base}/unsubscribe`);
    // mailparser folds List-* headers into one object; the raw lines are what receivers read.
    const header = (key: string) =>
      alice.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(
      `List-Unsubscribe: <${base}/unsubscribe>, <mailto:u+${aliceRow?.token}@example.test>`,
    );
    const names = alice.attachments.map((file) => file.filename).sort();
    expect(names).toEqual(['INV-1.pdf', 'brochure.txt', 'logo.png']);
    expect(alice.attachments.find((file) => file.filename === 'INV-1.pdf')?.content.toString()).toBe(
      '%PDF-1 for alice',
    );
    const inline = alice.attachments.find((file) => file.filename === 'logo.png');
    expect(inline?.contentDisposition).toBe('inline');
    expect(alice.html).toContain(`cid:${inline?.cid}`);

    const bob = await sink.parsed('bob@example.test');
    expect(bob.attachments.map((file) => file.filename).sort()).toEqual(['brochure.txt', 'logo.png']);
    expect(bob.html).toContain('Dear Bob, code B2');

    // Delivered: credits stay spent; the campaign's files are gone with it.
    expect(await balanceOf(t.app.db, sender.id)).toBe(before - 2);
    const rows = await messagesOf(t.app.db, id);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(rows[0]?.smtp_response).toMatch(/^250/);
    // The Message-ID is the row's own, at the sender's domain, on every attempt.
    expect(rows[0]?.smtp_message_id).toBe(`<${rows[0]?.id}@example.test>`);
    expect(alice.messageId).toBe(`<${rows[0]?.id}@example.test>`);
    expect(rows[0]?.sent_at).not.toBeNull();
    const uploads = await t.app.db.selectFrom('uploads').select('id').where('campaign_id', '=', id).execute();
    expect(uploads).toEqual([]);
    // Both messages were built where this run says: on the compose thread, or here.
    const { composer } = t.app.mailDispatcher as unknown as Dispatcher;
    expect(composer?.built ?? 0).toBe(composeThreads > 0 ? 2 : 0);
  });

  it('links a custom survey to its page and signs with DKIM once the domain is verified', async () => {
    const keys = await generateDkimKey();
    await t.app.db
      .insertInto('sender_domains')
      .values({
        id: crypto.randomUUID(),
        user_id: sender.id,
        domain: 'signed.example',
        dkim_selector: 'sel1',
        dkim_private_key: keys.privateKey,
        dkim_public_key: keys.publicKey,
        verified_at: new Date().toISOString(),
        last_checked_at: null,
        last_check: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const id = await insertTestCampaign(t.app.db, {
      userId: sender.id,
      fromEmail: 'team@signed.example',
      survey: { type: 'custom', questions: ['Why?'] },
      recipients: [{ email: 'carol@example.test', name: 'Carol', variables: { code: 'C' } }],
    });
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    const [row] = await messagesOf(t.app.db, id);
    const carol = await sink.parsed('carol@example.test');
    expect(carol.html).toContain(`/api/public/m/${row?.token}/survey`);
    expect(carol.html).toContain('Answer the questions');

    const raw = sink.received.find((message) => message.to === 'carol@example.test')?.raw as Buffer;
    const result = await authenticate(raw, {
      sender: 'team@signed.example',
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'sink.test',
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === 'sel1._domainkey.signed.example') {
          return [[`v=DKIM1; k=rsa; p=${keys.publicKey}`]];
        }
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    const dkim = result.dkim.results[0];
    expect(dkim?.signingDomain).toBe('signed.example');
    expect(dkim?.status.result).toBe('pass');
  });
});
