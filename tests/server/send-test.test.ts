import { authenticate } from 'mailauth';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { TEST_SEND_LIMIT } from '../../server/modules/campaigns/test-send.ts';
import { decodeEntities } from '../../server/mail/click-tracking.ts';
import { generateDkimKey } from '../../server/modules/senders/dkim.ts';
import { sendApi } from './helpers/send-api.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Issues 22 and 32: a test send from the review is the first recipient's real campaign message. */
describe(`test send (${engine})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  const keys = generateDkimKey();
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      smtpUrl: sink.url,
      publicUrl: 'https://mail.example.test',
      bounceDomain: 'bounces.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const { session, body, post } = sendApi(() => t);
  const test = (who: Awaited<ReturnType<typeof session>>, payload: unknown) =>
    post('/send/test/', who, payload);
  const nothingWritten = async (userId: string) => {
    const campaigns = await t.app.db
      .selectFrom('campaigns')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(campaigns).toEqual([]);
  };

  it('renders for the first recipient, marks the subject, sends to the test addresses only, for free', async () => {
    const sender = await session();
    const before = await balanceOf(t.app.db, sender.id);
    const me = `me-${sender.id}@example.com`;
    const boss = `boss-${sender.id}@example.com`;
    const response = await test(sender, {
      ...body(sender, {
        subject: 'مرحبًا {{name}}',
        html: '<p>عزيزي {{name}}، عقدك {{contract_no}}</p>',
        language: 'ar',
        source: {
          type: 'rows',
          rows: [
            { email: 'first@example.com', name: 'Sara', contract_no: 'C-1' },
            { email: 'second@example.com', name: 'Omar', contract_no: 'C-2' },
          ],
        },
      }),
      to: [me, boss],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ sent_to: [me, boss] });
    const received = sink.received.filter((message) => message.to === me || message.to === boss);
    expect(received.map((message) => message.to).sort()).toEqual([boss, me].sort());
    expect(sink.received.some((message) => /first@|second@/.test(message.to))).toBe(false);
    const mail = await sink.parsed(me);
    expect(mail.subject).toBe('[رسالة تجريبية] مرحبًا Sara');
    expect(String(mail.html)).toContain('عزيزي Sara، عقدك C-1');
    expect(String(mail.html)).toMatch(/<body dir="rtl" lang="ar">/);
    expect(mail.from?.value[0]).toEqual({ name: 'El Namer', address: sender.email });
    // Nothing written, nothing charged.
    expect(await balanceOf(t.app.db, sender.id)).toBe(before);
    await nothingWritten(sender.id);
  });

  it('is the campaign message: signed headers, VERP envelope, tracked links and survey, none of them counted', async () => {
    const sender = await session();
    const { privateKey, publicKey } = await keys;
    const stamp = new Date().toISOString();
    const domainId = crypto.randomUUID();
    await t.app.db
      .insertInto('sender_domains')
      .values({
        id: domainId,
        user_id: sender.id,
        domain: 'signed.example',
        dkim_selector: 'sel1',
        dkim_private_key: privateKey,
        dkim_public_key: publicKey,
        verified_at: stamp,
        last_checked_at: null,
        last_check: null,
        created_at: stamp,
      })
      .execute();
    await t.app.db
      .insertInto('sender_emails')
      .values({
        id: crypto.randomUUID(),
        user_id: sender.id,
        domain_id: domainId,
        email: 'team@signed.example',
        email_key: 'team@signed.example',
        created_at: stamp,
      })
      .execute();
    const to = `reviewer-${sender.id}@example.com`;
    const response = await test(sender, {
      ...body(sender, {
        from_email: 'team@signed.example',
        html: '<p>Dear {{name}}, <a href="https://shop.example/offer?n={{name}}">the offer</a></p>',
        source: {
          type: 'single',
          recipient: { email: 'first@example.com', name: 'Sara Lee', variables: {} },
        },
        survey: { type: 'yes_no', question: 'Will you come?' },
        language: 'en',
      }),
      to: [to],
    });
    expect(response.statusCode, response.body).toBe(202);
    const received = sink.received.find((message) => message.to === to)!;
    const { token } = (await t.app.db
      .selectFrom('test_sends')
      .select('token')
      .where('user_id', '=', sender.id)
      .executeTakeFirstOrThrow())!;

    // The envelope names the test send at the bounce domain, as a campaign message's does.
    expect(received.from).toBe(`b+${token}@bounces.example.test`);
    const mail = await sink.parsed(to);
    const header = (key: string) =>
      mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(
      `List-Unsubscribe: <https://mail.example.test/api/public/m/${token}/unsubscribe>, ` +
        `<mailto:u+${token}@bounces.example.test>`,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('feedback-id')).toMatch(new RegExp(`^Feedback-ID: [0-9a-f-]{36}:${sender.id}:el-namer$`));
    expect(header('list-id')).toMatch(/^List-ID: "El Namer" <[0-9a-f-]{36}\.signed\.example>$/);
    expect(header('x-el-namer-test')).toBe('X-El-Namer-Test: 1');
    expect(mail.subject).toBe('[Test] Hello Sara Lee');

    const verified = await authenticate(received.raw, {
      sender: 'team@signed.example',
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'sink.test',
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === 'sel1._domainkey.signed.example')
          return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    const dkim = verified.dkim.results[0];
    expect(dkim?.status.result).toBe('pass');
    const { signingHeaders } = dkim as unknown as { signingHeaders?: { keys?: string } };
    const signed = (signingHeaders?.keys ?? '').toLowerCase().split(/:\s*/);
    for (const name of [
      'from',
      'to',
      'subject',
      'list-id',
      'list-unsubscribe',
      'list-unsubscribe-post',
      'feedback-id',
    ])
      expect(signed, name).toContain(name);

    // The links are the campaign's: a tracked click, the survey's answers, the pixel.
    const hrefs = [...String(mail.html).matchAll(/(?:href|src)="([^"]*)"/g)].map(
      (match) => new URL(decodeEntities(match[1]!)),
    );
    const path = (suffix: string) => {
      const url = hrefs.find(
        (href) =>
          href.pathname.startsWith(`/api/public/m/${token}/`) &&
          `${href.pathname}${href.search}`.endsWith(suffix),
      );
      expect(url, suffix).toBeDefined();
      return `${url!.pathname}${url!.search}`;
    };
    expect(hrefs.some((href) => href.hostname === 'shop.example')).toBe(false);
    const headers = { 'user-agent': BROWSER };
    const click = await t.app.inject({ method: 'GET', url: path('/c/1'), headers });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example/offer?n=Sara%20Lee');
    const answerPage = await t.app.inject({ method: 'GET', url: path('/answer?value=yes'), headers });
    expect(answerPage.statusCode).toBe(200);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/public/m/${token}/answer`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'value=yes',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('This was a test message');
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `/api/public/m/${token}/unsubscribe`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path('/open'), headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path('/view'), headers })).body).toContain(
      'Dear Sara Lee',
    );

    // Nothing counted anywhere: no campaign, message, link figures, suppression or event.
    await nothingWritten(sender.id);
    for (const table of ['messages', 'campaign_links', 'message_link_clicks', 'webhook_events'] as const) {
      const rows = await t.app.db.selectFrom(table).selectAll().execute();
      expect(rows, table).toEqual([]);
    }
    const suppressions = await t.app.db
      .selectFrom('suppressions')
      .selectAll()
      .where('scope', '=', sender.id)
      .execute();
    expect(suppressions).toEqual([]);
  });

  it('takes one to five addresses and the send rules (own from address)', async () => {
    const sender = await session();
    const six = Array.from({ length: 6 }, (_, i) => `t${i}@example.com`);
    expect((await test(sender, { ...body(sender), to: six })).statusCode).toBe(400);
    expect((await test(sender, { ...body(sender), to: [] })).statusCode).toBe(400);
    const wrongFrom = await test(sender, {
      ...body(sender, { from_email: 'someone@else.example' }),
      to: ['a@example.com'],
    });
    expect(wrongFrom.statusCode).toBe(400);
    expect(wrongFrom.json().fields).toEqual({ from_email: 'validation.fromNotAllowed' });
  });

  it('is rate-limited per user', async () => {
    const sender = await session('admin');
    const statuses: number[] = [];
    for (let i = 0; i <= TEST_SEND_LIMIT.max; i += 1)
      statuses.push((await test(sender, { ...body(sender), to: ['me@example.com'] })).statusCode);
    expect(statuses.slice(0, TEST_SEND_LIMIT.max).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
