import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { mailboxRoot } from '../../server/mail/capture/captured-mail.repository.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { sendMail } from './helpers/send-mail.ts';

describe('built-in capture SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ capture: { port: 0, maxMessageBytes: 64 * 1024, maxMessages: 3 } });
  });
  afterAll(() => t.close());

  const rows = () => t.app.db.selectFrom('captured_mail').selectAll().orderBy('id').execute();

  it('listens on loopback when no SMTP_URL is set', () => {
    expect(t.app.mailRelayUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  });

  it('keeps each message as a raw .eml and a row with its envelope and headers', async () => {
    const subject = `Hello ${randomUUID()}`;
    const info = await sendMail(t.app.mailRelayUrl, {
      envelope: { from: 'bounce@sender.test', to: ['ali@example.test', 'cc@example.test'] },
      from: '"Sender" <news@sender.test>',
      to: 'Ali <ali@example.test>',
      subject,
      text: 'plain',
      html: '<p>مرحبا</p>',
      attachments: [{ filename: 'a.txt', content: 'attached' }],
    });
    const row = (await rows()).find((candidate) => candidate.subject === subject);
    expect(row).toMatchObject({
      envelope_from: 'bounce@sender.test',
      envelope_to: JSON.stringify(['ali@example.test', 'cc@example.test']),
      from_header: '"Sender" <news@sender.test>',
      to_header: '"Ali" <ali@example.test>',
      message_id: info.messageId,
      has_attachments: 1,
    });
    const raw = await readFile(`${mailboxRoot(t.config.dataDir)}/${row!.storage_path}`);
    expect(row!.size).toBe(raw.length);
    const parsed = await simpleParser(raw);
    expect(parsed.html).toContain('مرحبا');
    expect(parsed.attachments[0]?.content.toString()).toBe('attached');
  });

  it('refuses a message over the size cap with 552 and keeps nothing of it', async () => {
    const before = await rows();
    await expect(
      sendMail(t.app.mailRelayUrl, {
        from: 'a@sender.test',
        to: 'b@example.test',
        subject: 'too big',
        text: 'x'.repeat(128 * 1024),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await rows()).toHaveLength(before.length);
    expect(await readdir(mailboxRoot(t.config.dataDir))).toHaveLength(before.length);
  });

  it('keeps only the newest messages beyond MAILBOX_MAX_MESSAGES, rows and files', async () => {
    for (let n = 1; n <= 5; n += 1) {
      await sendMail(t.app.mailRelayUrl, {
        from: 'a@sender.test',
        to: 'b@example.test',
        subject: `n${n}`,
        text: 'x',
      });
    }
    const kept = await rows();
    expect(kept.map((row) => row.subject)).toEqual(['n3', 'n4', 'n5']);
    const files = await readdir(mailboxRoot(t.config.dataDir));
    expect(files.sort()).toEqual(kept.map((row) => row.storage_path).sort());
  });
});

describe('with SMTP_URL set', () => {
  it('uses the relay and starts no capture server', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://relay.example.test:2525' });
    try {
      expect(t.app.mailRelayUrl).toBe('smtp://relay.example.test:2525');
      await expect(readdir(mailboxRoot(t.config.dataDir))).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
