import { authenticate } from 'mailauth';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import MimeNode from 'nodemailer/lib/mime-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DKIM_SIGNED_HEADERS } from '../../server/mail/compose.ts';
import { buildRawMessage } from '../../server/mail/raw-message.ts';
import { SmtpClient } from '../../server/mail/smtp-client.ts';
import { createSmtpTransport, type SendEngine } from '../../server/mail/transport.ts';
import { generateDkimKey } from '../../server/modules/senders/dkim.ts';
import { postfixUnavailable, startPostfix, type Postfix, POSTFIX_HOSTNAME } from './helpers/postfix.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';

/**
 * Issue 17: the fast path's SMTP client against a real MTA, not only against smtp-server. A
 * private Debian Postfix (STARTTLS on) relays to a loopback sink; campaign-shaped messages sent
 * through the product's transport (fast client and nodemailer) must arrive as they left, and
 * Postfix's own refusals must become the outcomes the dispatcher acts on.
 */
const unavailable = postfixUnavailable();
if (unavailable) console.warn(`SKIPPED tests/server/postfix-relay.test.ts: ${unavailable}`);

const REJECTED = 'rejected@example.test';
const LATER = 'later@example.test';

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100 * 1024, 7)]);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A finished part, built once per campaign as server/mail/attachments.ts does. */
async function encodedPart(content: Buffer, filename: string, contentType: string, cid?: string) {
  const node = new MimeNode('multipart/mixed').createChild(contentType, { filename });
  node.setHeader('Content-Transfer-Encoding', 'base64');
  node.setHeader('Content-Disposition', cid ? 'inline' : 'attachment');
  if (cid) node.setHeader('Content-Id', `<${cid}>`);
  node.setContent(content);
  const raw = (await node.build()).toString('latin1');
  return { raw, filename, contentType, ...(cid ? { cid } : {}) } satisfies Mail.Attachment;
}

/** What compose.ts hands the transport for one recipient of a campaign. */
function campaignMail(to: string, overrides: Partial<Mail.Options> = {}): Mail.Options {
  const token = `tok_${to.split('@')[0]}`;
  return {
    from: { name: 'El Namer', address: 'team@signed.example' },
    to: { name: 'Dana', address: to },
    envelope: { from: `b+${token}@bounces.example`, to: [to] },
    subject: 'Contract K-1 renews',
    messageId: `<${token}@signed.example>`,
    html: '<p>Dear Dana,</p><p>your contract K-1 renews.</p>',
    text: 'Dear Dana,\n\nyour contract K-1 renews.\n',
    list: {
      id: { url: 'list1.signed.example', comment: 'El Namer' },
      unsubscribe: [[`https://mail.example.test/u/${token}`, `mailto:u+${token}@bounces.example`]],
    },
    headers: {
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Feedback-ID': 'campaign:user:el-namer',
      'X-El-Namer-Campaign': 'campaign',
    },
    ...overrides,
  };
}

const arabic = 'عزيزي دانة،\n\nعقدك رقم ك-١ يتجدد في ١ ديسمبر.\nمع التحية';
const shapes: [string, (to: string) => Promise<Mail.Options>][] = [
  ['plain', async (to) => campaignMail(to)],
  [
    'arabic',
    async (to) =>
      campaignMail(to, {
        from: { name: 'فريق النمر', address: 'team@signed.example' },
        to: { name: 'دانة "الأولى"', address: to },
        subject: 'عقدك ك-١ يتجدد',
        html: `<div dir="rtl"><p>${arabic.replaceAll('\n', '<br>')}</p></div>`,
        text: arabic,
      }),
  ],
  [
    'dots',
    async (to) =>
      campaignMail(to, {
        // Lines a relay could mangle: leading dots (dot-stuffing both ways), a lone dot, long lines.
        html: `<p>${'long line without a break '.repeat(20)}</p>\n.starts with a dot  \n.\n<a href="https://x.test/s/yes">Yes</a>`,
        text: `${'word '.repeat(40)}\n.dot line   \n.\n..two dots\nYes: https://x.test/s/yes\n`,
      }),
  ],
  [
    'files',
    async (to) =>
      campaignMail(to, {
        html: '<p><img src="cid:embedded-image@el-namer"></p><p>Hi</p>',
        attachments: [
          await encodedPart(pdf, 'brochure.pdf', 'application/pdf'),
          await encodedPart(png, 'logo.png', 'image/png', 'embedded-image@el-namer'),
        ],
      }),
  ],
];

async function nodemailerBytes(mail: Mail.Options): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return ((await transport.sendMail(mail)) as { message: Buffer }).message;
}

/** What a reader takes from a message, minus the relay's Received and what differs by build. */
function reading(mail: ParsedMail) {
  const ignored = ['received', 'date', 'content-type', 'dkim-signature'];
  return {
    headers: mail.headerLines
      .filter((line) => !ignored.includes(line.key))
      .map((line) => line.line.replace(/\r?\n\s+/g, ' '))
      .sort(),
    contentType: (mail.headers.get('content-type') as { value: string }).value,
    subject: mail.subject,
    from: mail.from?.text,
    to: (Array.isArray(mail.to) ? mail.to : [mail.to]).map((to) => to?.text),
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      disposition: file.contentDisposition,
      cid: file.cid,
      content: file.content.toString('base64'),
    })),
  };
}

describe.skipIf(unavailable !== null)('a real Postfix (Debian) with STARTTLS as the relay', () => {
  let sink: SmtpSink;
  let postfix: Postfix | null = null;
  const dkimKey = generateDkimKey();

  beforeAll(async () => {
    sink = await startSmtpSink();
    postfix = await startPostfix({
      relayPort: sink.port,
      recipientAccess: {
        [REJECTED]: '550 5.1.1 Recipient unknown',
        [LATER]: '450 4.2.0 Try again later',
      },
    });
  });

  afterAll(async () => {
    await postfix?.stop();
    await sink?.close();
  });

  afterEach((context) => {
    // Postfix's log says why a message did not arrive (a refused TLS handshake, a loop, ...).
    if (context.task.result?.state === 'fail') return postfix?.log().then((log) => console.error(log));
  });

  /** The sink's copy: Postfix's one Received header on top of what the client sent. */
  async function relayed(to: string, count: number) {
    await sink.waitFor(count, 10_000);
    const message = sink.received.find((item) => item.to === to);
    if (!message) throw new Error(`nothing relayed for ${to}`);
    return message.raw.toString('latin1');
  }

  for (const engine of ['fast', 'nodemailer'] as SendEngine[]) {
    it(`delivers campaign messages sent by the ${engine} path over STARTTLS, read the same at the sink`, async () => {
      const client = vi.spyOn(SmtpClient.prototype, 'send');
      const transport = createSmtpTransport(postfix!.url, {
        concurrency: 2,
        ratePerSecond: 0,
        engine,
        ehloName: 'out.el-namer.test',
      });
      try {
        const before = sink.received.length;
        const mails = await Promise.all(
          shapes.map(([name, shape]) => shape(`${name}.${engine}@example.test`)),
        );
        const outcomes = await Promise.all(mails.map((mail) => transport.send(mail)));
        for (const outcome of outcomes) {
          expect(outcome).toMatchObject({
            kind: 'sent',
            response: expect.stringMatching(/^250 2\.0\.0 Ok: queued as \w+/),
          });
        }
        // The fast engine really went through the pipelining client, the other never did.
        expect(client).toHaveBeenCalledTimes(engine === 'fast' ? mails.length : 0);
        for (const mail of mails) {
          const to = (mail.envelope as { to: string[] }).to[0]!;
          const raw = await relayed(to, before + mails.length);
          expect(raw).toMatch(
            new RegExp(
              `^Received: from [^]*by ${POSTFIX_HOSTNAME.replaceAll('.', '\\.')} \\(Postfix\\) with ESMTPS id`,
            ),
          );
          expect(reading(await simpleParser(raw))).toEqual(
            reading(await simpleParser(await nodemailerBytes(mail))),
          );
        }
        const files = await simpleParser(await relayed(`files.${engine}@example.test`, 0));
        expect(
          files.attachments.map((file) => file.content.equals(file.filename === 'logo.png' ? png : pdf)),
        ).toEqual([true, true]);
      } finally {
        transport.close();
        client.mockRestore();
      }
    });
  }

  it('relays the fast client bytes unchanged: only a Received header is added, DKIM still verifies', async () => {
    const { privateKey, publicKey } = await dkimKey;
    const dkim = {
      domainName: 'signed.example',
      keySelector: 'sel1',
      privateKey,
      headerFieldNames: DKIM_SIGNED_HEADERS,
    };
    const built = await Promise.all(
      shapes.map(async ([name, shape]) =>
        buildRawMessage({ ...(await shape(`${name}.bytes@example.test`)), dkim })!,
      ),
    );
    const client = new SmtpClient({ url: postfix!.url, connections: 1, ehloName: 'out.el-namer.test' });
    try {
      const before = sink.received.length;
      const outcomes = await Promise.all(built.map((message) => client.send(message.envelope, message.data)));
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(built.map(() => 'sent'));
      for (const message of built) {
        const raw = await relayed(message.envelope.to[0]!, before + built.length);
        expect(raw.endsWith(message.data)).toBe(true);
        const added = raw.slice(0, raw.length - message.data.length).split('\r\n');
        // One header: its first line, folded continuation lines, and the CRLF that ends it.
        expect(added[0]).toMatch(/^Received: from /);
        expect(added.slice(1, -1).every((line) => /^[ \t]/.test(line))).toBe(true);
        expect(added.at(-1)).toBe('');
        const verified = await authenticate(Buffer.from(raw, 'latin1'), {
          sender: 'team@signed.example',
          ip: '127.0.0.1',
          helo: POSTFIX_HOSTNAME,
          mta: 'sink.test',
          resolver: async (name: string, type: string) => {
            if (type === 'TXT' && name === 'sel1._domainkey.signed.example')
              return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
            throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
          },
        });
        expect(verified.dkim.results[0]?.status.result).toBe('pass');
      }
    } finally {
      client.close();
    }
  });

  for (const engine of ['fast', 'nodemailer'] as SendEngine[]) {
    it(`turns Postfix's refusals into outcomes on the ${engine} path: 550 permanent, 450 temporary`, async () => {
      // One connection, so the refused messages sit between accepted ones in one pipelined stream.
      const transport = createSmtpTransport(postfix!.url, { concurrency: 1, ratePerSecond: 0, engine });
      try {
        const before = sink.received.length;
        const recipients = [`first.${engine}@example.test`, REJECTED, LATER, `last.${engine}@example.test`];
        const outcomes = await Promise.all(
          recipients.map(async (to) => transport.send(campaignMail(to, { messageId: undefined }))),
        );
        expect(outcomes[0]).toMatchObject({ kind: 'sent' });
        expect(outcomes[1]).toMatchObject({
          kind: 'permanent',
          userUnknown: true,
          response: expect.stringMatching(
            /^550 5\.1\.1 <rejected@example\.test>: Recipient address rejected/,
          ),
        });
        expect(outcomes[2]).toMatchObject({
          kind: 'temporary',
          response: expect.stringMatching(/^450 4\.2\.0 <later@example\.test>/),
        });
        expect(outcomes[3]).toMatchObject({ kind: 'sent' });
        await sink.waitFor(before + 2, 10_000);
        expect(sink.recipients().slice(before).sort()).toEqual([recipients[0], recipients[3]].sort());
        expect(sink.attempts.has(REJECTED)).toBe(false);
        expect(sink.attempts.has(LATER)).toBe(false);
      } finally {
        transport.close();
      }
    });
  }
});
