import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type Mail from 'nodemailer/lib/mailer';
import MimeNode from 'nodemailer/lib/mime-node';
import { EMBEDDED_IMAGE_CID } from '../server/mail/attachments.ts';

/**
 * BENCH_FILES=1 for `npm run bench:send` (issue 17: at least 2,000 messages/s "with a 100 KB
 * attachment and an embedded image"): every campaign gets a 100 KB PDF and a PNG, uploaded through
 * the API as a person would; the bare pool sends the same two files with every message.
 */
export const benchFiles = process.env.BENCH_FILES === '1';

// Random bytes: base64 of them is as long as of a real PDF, and nothing along the way can make
// them smaller.
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100 * 1024 - 9)]);
const png = noisePng(96, 64);

/** A valid RGB PNG of random pixels (about 18 KB at 96 x 64), the size of a logo or banner. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter type 0, then its pixels.
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A finished MIME part, as server/mail/attachments.ts builds a campaign's files once. */
async function encodedPart(content: Buffer, filename: string, contentType: string, cid?: string) {
  const node = new MimeNode('multipart/mixed').createChild(contentType, { filename });
  node.setHeader('Content-Transfer-Encoding', 'base64');
  node.setHeader('Content-Disposition', cid ? 'inline' : 'attachment');
  if (cid) node.setHeader('Content-Id', `<${cid}>`);
  node.setContent(content);
  return { raw: (await node.build()).toString('latin1'), filename, contentType, ...(cid ? { cid } : {}) };
}

// The bare pool gets the parts encoded once too, as the product and its nodemailer path do: the
// ceiling it measures is nodemailer's pool, not base64 per message.
const parts: Mail.Attachment[] = benchFiles
  ? [
      await encodedPart(pdf, 'brochure.pdf', 'application/pdf'),
      await encodedPart(png, 'banner.png', 'image/png', EMBEDDED_IMAGE_CID),
    ]
  : [];

/** The bare pool's message with the campaign's files, the image where compose.ts puts it. */
export function withBenchFiles<T extends { html: string }>(
  message: T,
): T & { attachments?: Mail.Attachment[] } {
  if (!benchFiles) return message;
  return {
    ...message,
    html: `${message.html}<p dir="ltr"><img src="cid:${EMBEDDED_IMAGE_CID}" alt="" style="max-width:100%;height:auto"></p>`,
    attachments: parts,
  };
}

async function upload(base: string, access: string, kind: string, file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const response = await fetch(`${base}/api/uploads/?kind=${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The POST /api/send/ fields that attach the files: `{}` without BENCH_FILES. */
export async function benchFileFields(base: string, access: string) {
  if (!benchFiles) return {};
  return {
    attachments: {
      attachment: await upload(base, access, 'attachment', pdf, 'brochure.pdf', 'application/pdf'),
      image: await upload(base, access, 'image', png, 'banner.png', 'image/png'),
    },
  };
}
