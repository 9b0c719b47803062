import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { mailboxRoot } from '../../server/mail/capture/captured-mail.repository.ts';
import { insertTestCampaign, waitForCampaign } from './helpers/campaigns.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Issue 22, defect 3: an Arabic body went out left to right. Read back from the built-in capture. */
describe('the direction of a campaign body', () => {
  let t: TestApp;
  let senderId: string;

  beforeAll(async () => {
    // No relay named: the app sends through its own capture server (the Mailbox).
    t = await createTestApp({
      capture: { port: 0, maxMessageBytes: 1024 * 1024, maxMessages: 100 },
      sending: { ...loadConfig({}).sending, concurrency: 2 },
    });
    senderId = (await t.signInAs('sender')).user.id;
  });
  afterAll(() => t.close());

  const captured = async (to: string) => {
    const row = await t.app.db
      .selectFrom('captured_mail')
      .selectAll()
      .where('envelope_to', 'like', `%${to}%`)
      .executeTakeFirstOrThrow();
    const parsed = await simpleParser(await readFile(`${mailboxRoot(t.config.dataDir)}/${row.storage_path}`));
    return String(parsed.html);
  };

  const send = async (language: 'ar' | 'en', html: string, email: string) => {
    const id = await insertTestCampaign(t.app.db, {
      userId: senderId,
      language,
      html,
      subject: 'مرحبًا {{name}}',
      recipients: [{ email, name: 'سارة' }],
    });
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    return captured(email);
  };

  it('an Arabic campaign from the visual editor has dir="rtl" and lang="ar" on its body', async () => {
    const html = await send('ar', '<p>مرحبًا {{name}}، أهلًا بك.</p>', 'arabic@example.test');
    expect(html).toMatch(/<body[^>]* dir="rtl"/);
    expect(html).toMatch(/<body[^>]* lang="ar"/);
    expect(html).toContain('مرحبًا سارة');
  });

  it('the first strong character decides, and a direction the sender wrote stays', async () => {
    // An English-speaking sender's Arabic message (a variable first) still reads right to left.
    const arabicBody = await send('en', '<p>{{name}} عزيزتي، Welcome</p>', 'mixed@example.test');
    expect(arabicBody).toMatch(/<body[^>]* dir="rtl" lang="ar"/);
    const englishBody = await send(
      'ar',
      '<html><body style="margin:0"><p>Hello {{name}}</p></body></html>',
      'latin@example.test',
    );
    expect(englishBody).toMatch(/<body dir="ltr" lang="en" style="margin:0">/);
    const own = await send('ar', '<html><body dir="ltr"><p>مرحبًا</p></body></html>', 'own@example.test');
    expect(own).toMatch(/<body lang="ar" dir="ltr">/);
  });
});
