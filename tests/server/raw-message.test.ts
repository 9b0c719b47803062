import { authenticate } from 'mailauth';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import MimeNode from 'nodemailer/lib/mime-node';
import { describe, expect, it } from 'vitest';
import { DKIM_SIGNED_HEADERS } from '../../server/mail/compose.ts';
import { DkimSigners } from '../../server/mail/dkim-signers.ts';
import {
  buildRawMessage,
  buildRawMessageSignedBy,
  dkimInputs,
  relaxedBody,
  sign,
} from '../../server/mail/raw-message.ts';
import { generateDkimKey } from '../../server/modules/senders/dkim.ts';

/**
 * The fast path builds messages without nodemailer's streams. For every shape a campaign takes,
 * a mail reader must find in its output what it finds in nodemailer's for the same options:
 * headers, text, HTML and attachments, and a receiver must verify its DKIM signature.
 */
const keys = generateDkimKey();
const otherKeys = generateDkimKey();

async function nodemailerBytes(mail: Mail.Options): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = (await transport.sendMail(mail)) as { message: Buffer };
  return info.message;
}

/** A finished attachment part, as attachments.ts builds the campaign's files once. */
async function encodedPart(
  content: Buffer,
  filename: string,
  contentType: string,
  cid?: string,
  as: 'buffer' | 'string' = 'buffer',
) {
  const node = new MimeNode('multipart/mixed').createChild(contentType, { filename });
  node.setHeader('Content-Transfer-Encoding', 'base64');
  node.setHeader('Content-Disposition', cid ? 'inline' : 'attachment');
  if (cid) node.setHeader('Content-Id', `<${cid}>`);
  node.setContent(content);
  const built = await node.build();
  const raw = as === 'buffer' ? built : built.toString('latin1');
  return { raw, filename, contentType, ...(cid ? { cid } : {}) } satisfies Mail.Attachment;
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100 * 1024, 7)]);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function campaignMail(overrides: Partial<Mail.Options> = {}): Mail.Options {
  const token = 'tok_ABCdef123';
  return {
    from: { name: 'El Namer', address: 'team@signed.example' },
    to: { name: 'Dana', address: 'dana@example.test' },
    envelope: { from: `b+${token}@bounces.example`, to: ['dana@example.test'] },
    subject: 'Contract K-1 renews',
    messageId: '<0190-abc@signed.example>',
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
    attachments: [],
    ...overrides,
  };
}

const arabicText = 'عزيزي دانة،\n\nعقدك رقم ك-١ يتجدد في ١ ديسمبر.\nمع التحية';
const shapes: [string, () => Promise<Mail.Options>][] = [
  ['plain', async () => campaignMail()],
  [
    'Arabic subject, names, body and list comment',
    async () =>
      campaignMail({
        from: { name: 'فريق النمر', address: 'team@signed.example' },
        to: { name: 'دانة "الأولى"', address: 'dana@example.test' },
        subject: 'عقدك ك-١ يتجدد',
        html: `<div dir="rtl"><p>${arabicText.replaceAll('\n', '<br>')}</p></div>`,
        text: arabicText,
        list: {
          id: { url: 'list1.signed.example', comment: 'فريق النمر' },
          unsubscribe: [['https://mail.example.test/u/x', 'mailto:u+x@bounces.example']],
        },
      }),
  ],
  [
    'survey buttons, long lines, trailing spaces and a leading dot',
    async () =>
      campaignMail({
        replyTo: 'support@signed.example',
        html: `<p>${'long line without a break '.repeat(20)}</p>\n.starts with a dot  \n<a href="https://x.test/s/yes">Yes</a>`,
        text: `${'word '.repeat(40)}\n.dot line   \nQuestion?\nYes: https://x.test/s/yes\n\n\n`,
      }),
  ],
  [
    'a general attachment and an embedded image',
    async () =>
      campaignMail({
        html: '<p><img src="cid:embedded-image@el-namer"></p><p>Hi</p>',
        attachments: [
          await encodedPart(pdf, 'brochure.pdf', 'application/pdf'),
          await encodedPart(png, 'logo.png', 'image/png', 'embedded-image@el-namer'),
        ],
      }),
  ],
  [
    'an inline image only',
    async () =>
      campaignMail({
        attachments: [await encodedPart(png, 'logo.png', 'image/png', 'embedded-image@el-namer')],
      }),
  ],
  [
    'a per-recipient file with an Arabic name',
    async () =>
      campaignMail({
        attachments: [await encodedPart(Buffer.from('PK\x03\x04zip'), 'عقد-دانة.pdf', 'application/pdf')],
      }),
  ],
  [
    'a general attachment, an embedded image and a per-recipient file given as strings',
    async () =>
      campaignMail({
        html: '<p><img src="cid:embedded-image@el-namer"></p><p>Hi</p>',
        attachments: [
          await encodedPart(pdf, 'brochure.pdf', 'application/pdf', undefined, 'string'),
          await encodedPart(png, 'logo.png', 'image/png', 'embedded-image@el-namer', 'string'),
          await encodedPart(
            Buffer.from('PK\x03\x04zip'),
            'عقد-دانة.zip',
            'application/zip',
            undefined,
            'string',
          ),
        ],
      }),
  ],
  [
    'text only with an attachment (mixed without alternatives)',
    async () =>
      campaignMail({
        html: undefined,
        attachments: [await encodedPart(pdf, 'brochure.pdf', 'application/pdf')],
      }),
  ],
  ['an HTML part alone', async () => campaignMail({ text: undefined })],
  [
    'system mail without envelope, list or names',
    async () => ({
      from: '"El Namer" <no-reply@signed.example>',
      to: 'reset@example.test',
      subject: 'Reset',
      html: '<p>x</p>',
      text: 'x',
    }),
  ],
];

async function dkimOf(raw: Buffer) {
  const { publicKey } = await keys;
  const result = await authenticate(raw, {
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
  return result.dkim.results[0];
}

/** What a reader takes from a message, minus what differs by design (boundaries, Date). */
function reading(mail: ParsedMail, randomId: boolean) {
  const ignored = ['date', 'content-type', 'dkim-signature', ...(randomId ? ['message-id'] : [])];
  const headers = mail.headerLines
    .filter((line) => !ignored.includes(line.key))
    .map((line) => line.line.replace(/\r?\n\s+/g, ' '));
  return {
    headers: headers.sort(),
    contentType: (mail.headers.get('content-type') as { value: string }).value,
    subject: mail.subject,
    from: mail.from?.text,
    to: (Array.isArray(mail.to) ? mail.to : [mail.to]).map((to) => to?.text),
    replyTo: mail.replyTo?.text,
    messageId: randomId ? undefined : mail.messageId,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      disposition: file.contentDisposition,
      cid: file.cid,
      sha: file.checksum,
      size: file.size,
    })),
  };
}

describe('raw messages built without nodemailer streams', () => {
  for (const [name, shape] of shapes) {
    it(`reads the same as nodemailer's and verifies: ${name}`, async () => {
      const { privateKey } = await keys;
      const mail = await shape();
      const dkim = {
        domainName: 'signed.example',
        keySelector: 'sel1',
        privateKey,
        headerFieldNames: DKIM_SIGNED_HEADERS,
      };
      const built = buildRawMessage({ ...mail, dkim });
      expect(built).not.toBeNull();
      // As the SMTP client sends it: the data section always ends with CRLF before the final dot.
      const ours = Buffer.from(built!.data.endsWith('\r\n') ? built!.data : `${built!.data}\r\n`, 'latin1');
      const theirs = await nodemailerBytes({ ...mail, dkim });

      const randomId = !mail.messageId;
      expect(reading(await simpleParser(ours), randomId)).toEqual(
        reading(await simpleParser(theirs), randomId),
      );
      // Only CRLF line ends and 7-bit bytes go on the wire.
      expect(built!.data).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
      // eslint-disable-next-line no-control-regex
      expect(built!.data).toMatch(/^[\x00-\x7f]*$/);

      const envelope = (mail.envelope as { from: string; to: string[] } | undefined) ?? {
        from: 'no-reply@signed.example',
        to: ['reset@example.test'],
      };
      expect(built!.envelope).toEqual(envelope);

      // Multipart messages are written by mime-writer.ts (many chunks), a single part by
      // nodemailer's tree (one chunk, plus the signature's).
      const multipart = Boolean(mail.text && mail.html) || Boolean(mail.attachments?.length);
      expect(built!.chunks.length > 2).toBe(multipart);
      // The campaign's files given as Buffers go on the wire as those very Buffers, shared by
      // every message that carries them.
      for (const attachment of mail.attachments ?? []) {
        if (Buffer.isBuffer(attachment.raw)) expect(built!.chunks).toContain(attachment.raw);
      }

      const result = await dkimOf(ours);
      expect(result?.status.result).toBe('pass');
      const nodemailerResult = await dkimOf(theirs);
      const { signingHeaders: ourHeaders } = result as unknown as { signingHeaders: { keys: string } };
      const { signingHeaders: theirHeaders } = nodemailerResult as unknown as {
        signingHeaders: { keys: string };
      };
      expect(ourHeaders.keys).toBe(theirHeaders.keys);
    });
  }

  it('keeps no recipient field in what it reuses for the next message of a campaign', async () => {
    // The campaign's header fields are built once and reused (root-headers.ts): a second and a
    // third recipient of the same campaign must each read exactly as nodemailer's build for them.
    for (const [name, address, subject] of [
      ['Dana', 'dana@example.test', 'Contract K-1 renews'],
      ['سارة', 'sara@example.test', 'عقدك ك-٢ يتجدد'],
      ['', 'noname@example.test', 'Contract K-3'],
    ] as const) {
      const mail = campaignMail({
        to: name ? { name, address } : address,
        envelope: { from: 'b+t@bounces.example', to: [address] },
        subject,
        messageId: `<${address}@signed.example>`,
        list: {
          id: { url: 'list1.signed.example', comment: 'El Namer' },
          unsubscribe: [[`https://mail.example.test/u/${address}`, `mailto:u+${address}@bounces.example`]],
        },
      });
      const ours = await simpleParser(Buffer.from(buildRawMessage(mail)!.data, 'latin1'));
      expect(reading(ours, false)).toEqual(reading(await simpleParser(await nodemailerBytes(mail)), false));
    }
  });

  it('a tampered body or signed header does not verify', async () => {
    const { privateKey } = await keys;
    const dkim = {
      domainName: 'signed.example',
      keySelector: 'sel1',
      privateKey,
      headerFieldNames: DKIM_SIGNED_HEADERS,
    };
    const built = buildRawMessage({ ...campaignMail(), dkim })!;
    const body = Buffer.from(built.data.replace('renews.', 'expired'), 'latin1');
    expect((await dkimOf(body))?.status.result).not.toBe('pass');
    const header = Buffer.from(
      built.data.replace('Subject: Contract K-1', 'Subject: Contract K-2'),
      'latin1',
    );
    expect((await dkimOf(header))?.status.result).not.toBe('pass');
  });

  it('signs on worker threads exactly as on this one', async () => {
    const { privateKey } = await keys;
    const dkim = {
      domainName: 'signed.example',
      keySelector: 'sel1',
      privateKey,
      headerFieldNames: DKIM_SIGNED_HEADERS,
    };
    const signers = new DkimSigners(2);
    try {
      const unsigned = buildRawMessage(campaignMail())!.data;
      // RSASSA-PKCS1-v1_5 is deterministic: the same inputs give the same signature on any thread.
      const headers = await Promise.all([1, 2, 3].map(() => signers.sign(dkimInputs(unsigned, dkim))));
      for (const header of headers) expect(`${header}\r\n${unsigned}`).toBe(sign(unsigned, dkim));
      // Keys go to each worker once and requests name them by number: two domains' keys
      // interleaved on both workers each sign with their own key.
      const other = { ...dkim, domainName: 'other.example', privateKey: (await otherKeys).privateKey };
      const both = [dkim, other, dkim, other, other, dkim];
      const answers = await Promise.all(both.map((options) => signers.sign(dkimInputs(unsigned, options))));
      answers.forEach((header, index) =>
        expect(`${header}\r\n${unsigned}`).toBe(sign(unsigned, both[index]!)),
      );
      const built = await buildRawMessageSignedBy({ ...campaignMail(), dkim }, (inputs) =>
        signers.sign(inputs),
      );
      expect((await dkimOf(Buffer.from(built!.data, 'latin1')))?.status.result).toBe('pass');
    } finally {
      signers.close();
    }
  });

  it('leaves what it does not build to nodemailer', () => {
    expect(buildRawMessage(campaignMail({ attachments: [{ path: '/etc/hostname' }] }))).toBeNull();
    expect(buildRawMessage(campaignMail({ to: 'دانة@example.test', envelope: undefined }))).toBeNull();
    expect(buildRawMessage(campaignMail({ icalEvent: 'BEGIN:VCALENDAR' }))).toBeNull();
  });

  it('canonicalises a body the relaxed way', () => {
    expect(relaxedBody('a  b \t\r\nc\t\r\n\r\n\r\n')).toBe('a b\r\nc\r\n');
    expect(relaxedBody('\r\n\r\n')).toBe('');
    expect(relaxedBody('x')).toBe('x\r\n');
  });
});
