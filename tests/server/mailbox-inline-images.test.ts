import { randomUUID } from 'node:crypto';
import type { CapturedMail, CapturedMailDetail } from '../../contract/mailbox.contract.ts';
import { tinyPng } from './helpers/files.ts';
import { sendMail } from './helpers/send-mail.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

/** Issue 22, defect 8: the Mailbox did not show an embedded (cid) image the .eml has. */
describe('mailbox: embedded images', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signInAs('admin')).access;
  });
  afterAll(() => t.close());

  it('gives each cid image of a message as a data: address, and nothing for other parts', async () => {
    const tag = randomUUID().slice(0, 8);
    await sendMail(t.app.mailRelayUrl, {
      from: 'news@sender.test',
      to: `ali-${tag}@example.test`,
      subject: `Logo ${tag}`,
      html: '<p>Hello <img src="cid:logo@x"></p>',
      attachments: [
        { filename: 'logo.png', content: tinyPng, cid: 'logo@x' },
        { filename: 'notes.txt', content: 'plain', contentType: 'text/plain', cid: 'notes@x' },
        { filename: 'report.txt', content: 'report', contentType: 'text/plain' },
      ],
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    const page = (await get(`/api/mailbox/?search=${tag}`)).json<{ results: CapturedMail[] }>();
    const detail = (await get(`/api/mailbox/${page.results[0]!.id}/`)).json<CapturedMailDetail>();
    expect(detail.inline_images).toEqual([
      { content_id: 'logo@x', data_url: `data:image/png;base64,${tinyPng.toString('base64')}` },
    ]);
  });
});
