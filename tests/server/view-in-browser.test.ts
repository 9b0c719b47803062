import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCampaign, messagesOf, waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const SCANNER = 'Mozilla/5.0 (compatible; MSIE 9.0) SafeLinks scanner';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** "View in browser" (issue 22): every campaign e-mail links to the recipient's own copy as a page. */
describe('view in browser', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let senderId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, publicUrl: 'https://mail.example.test' });
    senderId = (await t.signInAs('sender')).user.id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Sends a campaign through the real dispatcher and SMTP sink; answers its message rows. */
  async function send(input: { language: 'ar' | 'en'; html: string; subject: string; emails: string[] }) {
    const id = await insertTestCampaign(t.app.db, {
      userId: senderId,
      language: input.language,
      subject: input.subject,
      html: input.html,
      recipients: input.emails.map((email, index) => ({
        email,
        name: `Person ${index + 1} <i>`,
        variables: { code: `C-${index + 1}` },
      })),
    });
    // Click tracking on: the view link must still go out as itself.
    await t.app.db.updateTable('campaigns').set({ track_clicks: 1 }).where('id', '=', id).execute();
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    return messagesOf(t.app.db, id);
  }

  const viewPath = (url: string) => new URL(url).pathname;

  it('puts a translated, untracked view link at the top of the e-mail that shows the recipient’s own copy', async () => {
    const [first, second] = await send({
      language: 'en',
      subject: 'Hello {{name}}',
      html: '<html><body><p>Dear {{name}}, your code is {{code}}.</p><p><a href="https://example.org/offer">Offer</a></p></body></html>',
      emails: ['view-a@example.test', 'view-b@example.test'],
    });
    const mail = await sink.parsed('view-a@example.test');
    const viewUrl = `https://mail.example.test/api/public/m/${first?.token}/view`;
    expect(mail.html).toContain(`href="${viewUrl}"`);
    expect(mail.html).toContain('View this e-mail in your browser');
    // At the top: before the campaign's own content.
    const html = mail.html as string;
    expect(html.indexOf(viewUrl)).toBeLessThan(html.indexOf('Dear Person 1'));
    // The other link is tracked; the view link is not.
    expect(html).toContain(`https://mail.example.test/api/public/m/${first?.token}/c/1`);
    expect(html).not.toContain('href="https://example.org/offer"');
    expect(mail.text).toContain(`View this e-mail in your browser: ${viewUrl}`);

    const response = await t.app.inject({
      method: 'GET',
      url: viewPath(viewUrl),
      headers: { 'user-agent': BROWSER },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Dear Person 1 &lt;i&gt;, your code is C-1.');
    expect(response.body).not.toContain('Person 2');
    expect(response.body).toContain('<title>Hello Person 1 &lt;i&gt;</title>');
    // Links lead where the sender wrote, no pixel, nothing of the e-mail's tracking.
    expect(response.body).toContain('href="https://example.org/offer"');
    expect(response.body).not.toContain('/open');
    expect(response.body).not.toContain('/c/1');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');

    const other = await t.app.inject({ method: 'GET', url: `/api/public/m/${second?.token}/view` });
    expect(other.body).toContain('Dear Person 2 &lt;i&gt;, your code is C-2.');
    expect(other.body).not.toContain('Person 1');
  });

  it('shows an Arabic copy right to left with the Arabic link text in the e-mail', async () => {
    const [row] = await send({
      language: 'ar',
      subject: 'مرحبا {{name}}',
      html: '<p>عزيزي {{name}}، رمزك {{code}}.</p>',
      emails: ['view-ar@example.test'],
    });
    const mail = await sink.parsed('view-ar@example.test');
    expect(mail.html).toContain('اعرض هذه الرسالة في المتصفح');
    expect(mail.html).toContain(`/api/public/m/${row?.token}/view`);
    const response = await t.app.inject({ method: 'GET', url: `/api/public/m/${row?.token}/view` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('عزيزي Person 1 &lt;i&gt;، رمزك C-1.');
    expect(response.body).toMatch(/<body dir="rtl" lang="ar">/);
    expect(response.body).toContain('<title>مرحبا Person 1 &lt;i&gt;</title>');
  });

  it('records nothing when a scanner or a person fetches the page', async () => {
    const [row] = await send({
      language: 'en',
      subject: 'Hi',
      html: '<p>Dear {{name}}</p>',
      emails: ['view-scan@example.test'],
    });
    const readRow = () =>
      t.app.db.selectFrom('messages').selectAll().where('id', '=', row!.id).executeTakeFirstOrThrow();
    const readLinks = () =>
      t.app.db.selectFrom('campaign_links').selectAll().where('campaign_id', '=', row!.campaign_id).execute();
    const before = await readRow();
    const linksBefore = await readLinks();
    for (const userAgent of [SCANNER, BROWSER]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/public/m/${row?.token}/view`,
        headers: { 'user-agent': userAgent },
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await readRow()).toEqual(before);
    expect(await readLinks()).toEqual(linksBefore);
    expect(before.open_count).toBe(0);
    expect(before.machine_open_count).toBe(0);
  });

  it.each([
    ['an unknown token', '/api/public/m/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/view'],
    ['a malformed token', '/api/public/m/not%20a%20token/view'],
  ])('answers %s with the bilingual not-found page', async (_name, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Link not found');
    expect(response.body).toContain('lang="ar"');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});
