import { randomBytes, randomUUID } from 'node:crypto';
import { publicLinks } from '../../server/mail/public-links.ts';
import { MACHINE_WINDOW_MS } from '../../server/modules/public-pages/machine-traffic.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Survey = { type: 'yes_no'; question: string } | { type: 'custom'; questions: string[] } | null;

describe('public recipient pages', () => {
  let t: TestApp;
  let senderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    senderId = (await t.createUser({ role: 'sender' })).id;
  });
  afterAll(() => t.close());

  /** A campaign with one message, written the way the send endpoint writes them. */
  async function message(survey: Survey, language: 'ar' | 'en' = 'ar', sentAgoMs = 3_600_000) {
    const now = t.app.now().toISOString();
    const sentAt = new Date(t.app.now().getTime() - sentAgoMs).toISOString();
    const campaignId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const email = `Reader-${randomUUID().slice(0, 8)}@Example.test`;
    await t.app.db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        user_id: senderId,
        subject: 'News',
        html: '<p>Hi</p>',
        template_id: null,
        from_email: 'news@example.test',
        sender_name: 'News',
        source_type: 'single',
        source_ref: null,
        survey: survey ? JSON.stringify(survey) : null,
        attachments: JSON.stringify({ zips: [], attachment: null, image: null }),
        missing_attachments: null,
        language,
        status: 'completed',
        scheduled_at: null,
        started_at: now,
        late_seconds: null,
        finished_at: now,
        recipients_count: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const id = randomUUID();
    await t.app.db
      .insertInto('messages')
      .values({
        id,
        campaign_id: campaignId,
        seq: 1,
        email,
        email_key: email.toLowerCase(),
        name: 'Reader',
        variables: '{}',
        attachment: null,
        status: 'sent',
        blocked_reason: null,
        next_attempt_at: now,
        lease_owner: null,
        lease_expires_at: null,
        attempt_started_at: null,
        smtp_response: '250 OK',
        smtp_message_id: null,
        sent_at: sentAt,
        failed_at: null,
        charged: 1,
        refunded_at: null,
        token,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The addresses exactly as the dispatcher writes them into the e-mail.
    const links = publicLinks(t.config.publicUrl, token);
    const path = (url: string) => {
      const parsed = new URL(url);
      return parsed.pathname + parsed.search;
    };
    return {
      id,
      email,
      token,
      url: {
        open: path(links.open),
        yes: path(links.yes),
        no: path(links.no),
        survey: path(links.survey),
        unsubscribe: path(links.unsubscribe),
      },
      row: () => t.app.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    };
  }

  /** A browser's GET: mail clients and browsers always name themselves. */
  const BROWSER =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const get = (url: string, userAgent = BROWSER) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });
  const postForm = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  function expectSafePage(response: Awaited<ReturnType<typeof get>>, language: 'ar' | 'en') {
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body.match(/<h1>/g)).toHaveLength(1);
  }

  it('answers the open pixel and counts every open, keeping the first time', async () => {
    const m = await message(null);
    const first = await get(m.url.open);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(first.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const opened = await m.row();
    expect(opened.open_count).toBe(1);
    expect(opened.opened_at).toBe(opened.last_checked_at);

    t.advanceClock(60_000);
    await get(m.url.open);
    const head = await t.app.inject({ method: 'HEAD', url: m.url.open, headers: { 'user-agent': BROWSER } });
    expect(head.statusCode).toBe(200);
    const again = await m.row();
    expect(again.open_count).toBe(2);
    expect(again.opened_at).toBe(opened.opened_at);
    expect(again.last_checked_at! > opened.last_checked_at!).toBe(true);
    // The HEAD was a machine's: counted apart, never as the person's open.
    expect(again.machine_open_count).toBe(1);
  });

  it.each([
    ['no User-Agent', ''],
    ['Apple Mail Privacy Protection', 'Mozilla/5.0'],
    ['Microsoft Safe Links', 'Mozilla/5.0 (compatible; MSIE 9.0) SafeLinks scanner'],
    ['Mimecast', 'Mimecast-URL-Protect/1.0'],
    ['Proofpoint', 'Mozilla/5.0 Proofpoint URL Defense'],
    ['Barracuda', 'Barracuda Sentinel (EE)'],
    ['a link preview', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['an HTTP library', 'python-requests/2.32.3'],
  ])('counts an open by %s as a machine open', async (_, userAgent) => {
    const m = await message(null);
    expect((await get(m.url.open, userAgent)).statusCode).toBe(200);
    const row = await m.row();
    expect({ people: row.open_count, opened_at: row.opened_at, machines: row.machine_open_count }).toEqual({
      people: 0,
      opened_at: null,
      machines: 1,
    });
    expect(row.machine_opened_at).not.toBeNull();
  });

  it('counts an open within seconds of delivery as a machine open, and a later one as the person’s', async () => {
    const m = await message(null, 'ar', 2_000);
    await get(m.url.open);
    expect(await m.row()).toMatchObject({ open_count: 0, machine_open_count: 1, opened_at: null });
    t.advanceClock(MACHINE_WINDOW_MS);
    await get(m.url.open);
    expect(await m.row()).toMatchObject({ open_count: 1, machine_open_count: 1 });
  });

  it('counts an open through Gmail’s or Yahoo’s image proxy as the person’s: it fetches when they open', async () => {
    const m = await message(null);
    await get(
      m.url.open,
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    );
    await get(m.url.open, 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html');
    expect(await m.row()).toMatchObject({ open_count: 2, machine_open_count: 0 });
  });

  it('asks the yes/no question on GET with both answers as buttons, recording nothing', async () => {
    const m = await message({ type: 'yes_no', question: 'Will you come? <script>alert(1)</script>' });
    for (const url of [m.url.yes, m.url.no]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expectSafePage(page, 'ar');
      expect(page.body).toContain('Will you come? &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).toContain('<form class="answers" method="post" action="answer"');
      expect(page.body).toContain('aria-label="إجابتك عن السؤال"');
      expect(page.body).toContain('<button type="submit" name="value" value="yes">نعم</button>');
      expect(page.body).toContain('<button type="submit" name="value" value="no">لا</button>');
    }
    expect((await get(m.url.yes)).body).toContain('اخترت «نعم» في الرسالة');
    const head = await t.app.inject({ method: 'HEAD', url: m.url.yes });
    expect(head.statusCode).toBe(200);
    const row = await m.row();
    expect(row.survey_answer).toBeNull();
    expect(row.last_checked_at).toBeNull();
    expect((await get(m.url.yes.replace('value=yes', 'value=maybe'))).statusCode).toBe(400);
  });

  it('records the answer its button posts, keeps the last one and thanks in the campaign language', async () => {
    const m = await message({ type: 'yes_no', question: 'Will you come?' }, 'en');
    const yes = await postForm(m.url.yes, { value: 'yes' });
    expect(yes.statusCode).toBe(200);
    expectSafePage(yes, 'en');
    expect(yes.body).toContain('Your answer has been recorded: Yes.');
    expect(yes.body).toContain('href="answer?value=no"');
    expect((await m.row()).survey_answer).toBe('yes');
    // Back on the question, the page says what was answered so far.
    expect((await get(m.url.no)).body).toContain('Your answer so far: Yes.');

    await postForm(m.url.no.replace('?value=no', ''), { value: 'no' });
    const row = await m.row();
    expect(row.survey_answer).toBe('no');
    expect(row.last_checked_at).not.toBeNull();

    const wrong = await postForm(m.url.yes, { value: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect((await postForm(m.url.yes, {})).statusCode).toBe(400);
    expect((await m.row()).survey_answer).toBe('no');
  });

  it('refuses yes/no answers for a campaign without that survey', async () => {
    const m = await message(null);
    expect((await get(m.url.yes)).statusCode).toBe(404);
    expect((await postForm(m.url.yes, { value: 'yes' })).statusCode).toBe(404);
    expect((await m.row()).survey_answer).toBeNull();
  });

  it('shows the custom questions, records the answers and shows them again', async () => {
    const m = await message({ type: 'custom', questions: ['Your city?', 'Favourite "colour" & why?'] }, 'en');
    const form = await get(m.url.survey);
    expect(form.statusCode).toBe(200);
    expectSafePage(form, 'en');
    expect(form.body).toContain('Favourite &quot;colour&quot; &amp; why?');
    expect(form.body).toContain('<form method="post" action="survey"');

    const sent = await postForm(m.url.survey, { answer_0: ' Cairo ', answer_1: '<b>blue</b>' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Thank you, your answers have been recorded.');
    expect(JSON.parse((await m.row()).custom_answers!)).toEqual([
      { question: 'Your city?', answer: 'Cairo' },
      { question: 'Favourite "colour" & why?', answer: '<b>blue</b>' },
    ]);
    expect((await get(m.url.survey)).body).toContain('>&lt;b&gt;blue&lt;/b&gt;</textarea>');
  });

  it('sends a refused survey back with what was typed, recording nothing', async () => {
    const m = await message({ type: 'custom', questions: ['Why?'] });
    const long = 'ك'.repeat(2001);
    const tooLong = await postForm(m.url.survey, { answer_0: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('يجب ألا تتجاوز كل إجابة 2000 حرفًا');
    expect(tooLong.body).toContain(`>${long}</textarea>`);
    const empty = await postForm(m.url.survey, { answer_0: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('يُرجى الإجابة عن سؤال واحد على الأقل.');
    expect((await m.row()).custom_answers).toBeNull();
  });

  it('asks before unsubscribing on GET and unsubscribes from this sender on POST', async () => {
    const m = await message(null);
    const confirm = await get(m.url.unsubscribe);
    expectSafePage(confirm, 'ar');
    expect(confirm.body).toContain(m.email);
    expect(confirm.body).toContain('<form method="post" action="unsubscribe"');
    expect((await m.row()).unsubscribed_at).toBeNull();

    const done = await postForm(m.url.unsubscribe, { 'List-Unsubscribe': 'One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('أُلغي اشتراكك');
    const first = (await m.row()).unsubscribed_at;
    expect(first).not.toBeNull();

    t.advanceClock(60_000);
    expect((await postForm(m.url.unsubscribe, { 'List-Unsubscribe': 'One-Click' })).statusCode).toBe(200);
    expect((await m.row()).unsubscribed_at).toBe(first);
    const suppressions = await t.app.db
      .selectFrom('suppressions')
      .selectAll()
      .where('email_key', '=', m.email.toLowerCase())
      .execute();
    expect(suppressions).toEqual([
      expect.objectContaining({ scope: senderId, reason: 'unsubscribed', message_id: m.id }),
    ]);
    expect((await get(m.url.unsubscribe)).body).toContain('أُلغي اشتراكك');
  });

  it('takes the RFC 8058 one-click POST as multipart too', async () => {
    const m = await message(null, 'en');
    const boundary = 'b0undary';
    const response = await t.app.inject({
      method: 'POST',
      url: m.url.unsubscribe,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('You are unsubscribed');
    expect((await m.row()).unsubscribed_at).not.toBeNull();
  });

  it.each([
    ['an unknown token', randomBytes(32).toString('base64url')],
    ['a malformed token', '%3Cscript%3E'],
  ])('answers %s with a 404 page in both languages', async (_, token) => {
    for (const path of ['open', 'answer?value=yes', 'survey', 'unsubscribe', 'c/1']) {
      const response = await get(`/api/public/m/${token}/${path}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('الرابط غير موجود');
      expect(response.body).toContain('Link not found');
      expect(response.body).not.toContain('<script');
    }
    expect((await postForm(`/api/public/m/${token}/unsubscribe`, {})).statusCode).toBe(404);
  });
});
