import { createReadStream } from 'node:fs';
import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import {
  MAX_INLINE_IMAGE_BYTES,
  type CapturedMail,
  type CapturedMailDetail,
} from '../../../contract/mailbox.contract.ts';
import type { CapturedMailRow } from '../../db/schema.ts';

export function toCapturedMail(row: CapturedMailRow): CapturedMail {
  return {
    id: row.id,
    envelope_from: row.envelope_from,
    envelope_to: JSON.parse(row.envelope_to) as string[],
    subject: row.subject,
    from: row.from_header,
    to: row.to_header,
    message_id: row.message_id,
    size: row.size,
    has_attachments: row.has_attachments === 1,
    received_at: row.received_at,
  };
}

/** Reads a stored .eml whole: the mailbox shows one message at a time, capped in size on arrival. */
export function parseStored(file: string): Promise<ParsedMail> {
  return simpleParser(createReadStream(file), { skipImageLinks: true, skipTextLinks: true });
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

function decodeWord(charset: string, encoding: string, text: string): string {
  const bytes =
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        );
  try {
    // RFC 2231 language suffix: utf-8*ar.
    return new TextDecoder(charset.split('*')[0]).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** A header line as a reader wants it: unfolded, RFC 2047 words decoded. */
export function headerOf(line: string): { name: string; value: string } {
  const colon = line.indexOf(':');
  const name = colon === -1 ? line : line.slice(0, colon);
  const raw = colon === -1 ? '' : line.slice(colon + 1);
  const value = raw
    .replace(/\r?\n[ \t]+/g, ' ')
    // Whitespace between two encoded words is not part of the text (RFC 2047 section 6.2).
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(ENCODED_WORD, (_, charset: string, encoding: string, text: string) =>
      decodeWord(charset, encoding, text),
    )
    .trim();
  return { name: name.trim(), value };
}

const addressText = (value: ParsedMail['to']) =>
  !value ? '' : (Array.isArray(value) ? value : [value]).map((entry) => entry.text).join(', ');

export function attachmentsOf(parsed: ParsedMail) {
  return parsed.attachments.map((attachment: Attachment, index) => ({
    index,
    filename: attachment.filename ?? null,
    content_type: attachment.contentType,
    size: attachment.size,
    content_id: attachment.cid ?? null,
    inline: attachment.contentDisposition === 'inline' || Boolean(attachment.related),
  }));
}

export function toDetail(row: CapturedMailRow, parsed: ParsedMail): CapturedMailDetail {
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  return {
    ...toCapturedMail(row),
    headers: parsed.headerLines.map((header) => headerOf(header.line)),
    cc: addressText(parsed.cc),
    date,
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    attachments: attachmentsOf(parsed),
    inline_images: inlineImagesOf(parsed),
  };
}

const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The images the HTML refers to by cid:, as data: addresses, up to MAX_INLINE_IMAGE_BYTES in all. */
export function inlineImagesOf(parsed: ParsedMail): { content_id: string; data_url: string }[] {
  let budget = MAX_INLINE_IMAGE_BYTES;
  const images: { content_id: string; data_url: string }[] = [];
  for (const attachment of parsed.attachments) {
    if (!attachment.cid || !INLINE_IMAGE_TYPES.has(attachment.contentType)) continue;
    if (attachment.size > budget) continue;
    budget -= attachment.size;
    images.push({
      content_id: attachment.cid,
      data_url: `data:${attachment.contentType};base64,${attachment.content.toString('base64')}`,
    });
  }
  return images;
}

/** Types a browser may show inline; anything else is served as bytes to save (never rendered). */
const VIEWABLE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'application/pdf',
]);
export const servedType = (contentType: string) =>
  VIEWABLE.has(contentType.toLowerCase()) ? contentType.toLowerCase() : 'application/octet-stream';
