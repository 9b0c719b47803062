import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import type { CapturedMail, CapturedMailDetail } from '../../contract/mailbox.contract.ts';
import { mailboxRoot } from '../../server/mail/capture/captured-mail.repository.ts';
import { tinyPng } from './helpers/files.ts';
import { sendMail } from './helpers/send-mail.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

type Page = { count: number; results: CapturedMail[] };

describe('mailbox API', () => {
  let t: TestApp;
  let admin: string;
  let sender: string;
  const tag = randomUUID().slice(0, 8);
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signInAs('admin')).access;
    sender = (await t.signInAs('sender')).access;
    await sendMail(t.app.mailRelayUrl, {
      from: '"نشرة" <news@sender.test>',
      to: `Ali <ali-${tag}@example.test>`,
      cc: 'copy@example.test',
      subject: `عرض خاص ${tag}`,
      text: 'plain body',
      html: '<p>Hello <img src="cid:logo@x"></p><script>alert(1)</script>',
      attachments: [
        { filename: 'تقرير.txt', content: 'report body', contentType: 'text/plain' },
        { filename: 'logo.png', content: tinyPng, cid: 'logo@x' },
        { filename: 'page.html', content: '<script>alert(1)</script>', contentType: 'text/html' },
      ],
    });
    for (let n = 1; n <= 3; n += 1) {
      await sendMail(t.app.mailRelayUrl, {
        from: 'news@sender.test',
        to: `bulk${n}-${tag}@example.test`,
        subject: `Bulk ${n} 100%_done`,
        text: `body ${n}`,
      });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (query = '') => (await get(`/api/mailbox/${query}`)).json<Page>();
  const idOf = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).results[0]!.id;

  it('is for administrators only', async () => {
    expect((await get('/api/mailbox/', sender)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/mailbox/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/mailbox/', headers: bearer(sender) })).statusCode,
    ).toBe(403);
  });

  it('lists newest first in pages and searches recipients and subjects', async () => {
    const all = await list();
    expect(all.count).toBe(4);
    expect(all.results.map((mail) => mail.subject)).toEqual([
      'Bulk 3 100%_done',
      'Bulk 2 100%_done',
      'Bulk 1 100%_done',
      `عرض خاص ${tag}`,
    ]);
    const second = await list('?page=2&page_size=3');
    expect(second).toMatchObject({ count: 4, results: [{ subject: `عرض خاص ${tag}` }] });
    expect((await list(`?search=BULK2-${tag}`)).results.map((mail) => mail.subject)).toEqual([
      'Bulk 2 100%_done',
    ]);
    expect((await list(`?search=${encodeURIComponent('عرض')}`)).count).toBe(1);
    // % and _ are literal: "0%_d" matches the three bulk subjects only, and "%" alone nothing else.
    expect((await list(`?search=${encodeURIComponent('0%_d')}`)).count).toBe(3);
    expect((await list(`?search=${encodeURIComponent('x%y')}`)).count).toBe(0);
    expect((await get('/api/mailbox/?page=0')).statusCode).toBe(400);
  });

  it('opens a message with its headers, bodies and attachments', async () => {
    const id = await idOf(`ali-${tag}`);
    const response = await get(`/api/mailbox/${id}/`);
    expect(response.statusCode).toBe(200);
    const mail = response.json<CapturedMailDetail>();
    expect(mail).toMatchObject({
      subject: `عرض خاص ${tag}`,
      from: '"نشرة" <news@sender.test>',
      cc: 'copy@example.test',
      envelope_to: [`ali-${tag}@example.test`, 'copy@example.test'],
      text: 'plain body',
      has_attachments: true,
    });
    expect(mail.html).toContain('<script>');
    expect(mail.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(mail.headers).toContainEqual({ name: 'Subject', value: `عرض خاص ${tag}` });
    // nodemailer wrote the display name as an RFC 2047 encoded word; it reads back decoded.
    expect(mail.headers).toContainEqual({ name: 'From', value: 'نشرة <news@sender.test>' });
    expect(mail.attachments.map((attachment) => attachment.index)).toEqual([0, 1, 2]);
    expect(mail.attachments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          filename: 'تقرير.txt',
          content_type: 'text/plain',
          size: 11,
          inline: false,
        }),
        expect.objectContaining({ filename: 'logo.png', content_id: 'logo@x', inline: true }),
        expect.objectContaining({ filename: 'page.html', content_type: 'text/html' }),
      ]),
    );
  });

  it('serves the raw message and each attachment as a download that cannot run', async () => {
    const id = await idOf(`ali-${tag}`);
    const raw = await get(`/api/mailbox/${id}/raw`);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.headers['content-disposition']).toBe(
      `attachment; filename="${id}.eml"; filename*=UTF-8''${id}.eml`,
    );
    expect((await simpleParser(raw.rawPayload)).subject).toBe(`عرض خاص ${tag}`);

    const { attachments } = (await get(`/api/mailbox/${id}/`)).json<CapturedMailDetail>();
    const indexOf = (name: string) => attachments.find((attachment) => attachment.filename === name)!.index;
    const report = await get(`/api/mailbox/${id}/attachments/${indexOf('تقرير.txt')}`);
    expect(report.body).toBe('report body');
    expect(report.headers['content-type']).toMatch(/^text\/plain/);
    expect(report.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('تقرير.txt')}`,
    );
    expect((await get(`/api/mailbox/${id}/attachments/${indexOf('logo.png')}`)).rawPayload).toEqual(tinyPng);
    const html = await get(`/api/mailbox/${id}/attachments/${indexOf('page.html')}`);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for an unknown message or attachment and 400 for a malformed index', async () => {
    const id = await idOf(`ali-${tag}`);
    expect((await get('/api/mailbox/nope/')).statusCode).toBe(404);
    expect((await get('/api/mailbox/nope/raw')).statusCode).toBe(404);
    expect((await get(`/api/mailbox/${id}/attachments/9`)).json()).toMatchObject({ code: 'errors.notFound' });
    expect((await get(`/api/mailbox/${id}/attachments/-1`)).statusCode).toBe(400);
  });

  it('tells whether mail is being captured', async () => {
    expect((await get('/api/mailbox/status/')).json()).toEqual({ capturing: true, max_messages: 10_000 });
  });

  it('empties the mailbox, rows and files', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/mailbox/', headers: bearer(admin) });
    expect(response.statusCode).toBe(204);
    expect((await list()).count).toBe(0);
    expect(await readdir(mailboxRoot(t.config.dataDir))).toEqual([]);
  });
});
