import type Mail from 'nodemailer/lib/mailer';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as base64 from 'nodemailer/lib/base64';
import { encodeQuotedPrintable } from './quoted-printable.ts';

/**
 * A campaign message's MIME body written straight into chunks, without building nodemailer's tree
 * of MimeNodes per message (which drew random bytes for every part, normalised every part's
 * headers and chose each part's transfer encoding by scanning it: together about a third of the
 * dispatcher's CPU per message).
 *
 * The structure is MailComposer's (text and HTML alternatives, the HTML `related` with its inline
 * images, `mixed` with the attachments), each part's header lines are nodemailer's own (built once
 * per content type and transfer encoding, then reused), and the transfer encoding is chosen by
 * nodemailer's rules, so a mail reader finds the same thing in both outputs. The root header block
 * stays with the caller (it is per recipient and goes through nodemailer's header encoder).
 *
 * The campaign's files arrive as finished parts (attachments.ts, `raw`); a part given as a Buffer
 * that is safe to put on the wire as it is (7-bit, CRLF only, no line starting with a dot) is
 * checked once and then handed to the socket as the same Buffer for every message, instead of
 * being copied into each message's string, scanned and dot-stuffed again.
 */
export type Chunk = string | Buffer;

/** What the writer cannot do (attachment content to encode, a single-part message): the caller falls back. */
export class NotWritable extends Error {}

type Leaf = { kind: 'text'; contentType: string; content: string } | { kind: 'raw'; raw: string | Buffer };
type Part = Leaf | { kind: 'multipart'; contentType: string; children: Part[] };

type MailData = Pick<Mail.Options, 'text' | 'html' | 'attachments'>;

/** MailComposer.compile's tree for these options (text, html, raw attachments only). */
export function partTree(mail: MailData): Part & { kind: 'multipart' } {
  const alternatives: Leaf[] = [];
  if (mail.text) alternatives.push(textLeaf(mail.text, 'text/plain; charset=utf-8'));
  const html = mail.html ? textLeaf(mail.html, 'text/html; charset=utf-8') : null;
  if (html) alternatives.push(html);
  const related: Leaf[] = [];
  const attached: Leaf[] = [];
  for (const attachment of mail.attachments ?? []) {
    const { raw } = attachment;
    if (typeof raw !== 'string' && !Buffer.isBuffer(raw)) throw new NotWritable('attachment without raw');
    const leaf: Leaf = { kind: 'raw', raw };
    // As MailComposer: with an HTML part, attachments with a Content-ID are related to it.
    (html && attachment.cid ? related : attached).push(leaf);
  }
  const useRelated = Boolean(html && related.length);
  const useAlternative = alternatives.length > 1;
  const useMixed = attached.length > 1 || (alternatives.length > 0 && attached.length === 1);
  const relatedPart = (): Part => ({
    kind: 'multipart',
    contentType: 'multipart/related; type="text/html"',
    children: [html!, ...related],
  });
  const alternativePart = (): Part => ({
    kind: 'multipart',
    contentType: 'multipart/alternative',
    children: alternatives.map((leaf) => (useRelated && leaf === html ? relatedPart() : leaf)),
  });
  if (useMixed) {
    const first = useAlternative ? [alternativePart()] : useRelated ? [relatedPart()] : alternatives;
    return {
      kind: 'multipart',
      contentType: 'multipart/mixed',
      children: [...first, ...attached],
    };
  }
  if (useAlternative) return alternativePart() as Part & { kind: 'multipart' };
  if (useRelated) return relatedPart() as Part & { kind: 'multipart' };
  throw new NotWritable('a single-part message');
}

function textLeaf(content: unknown, contentType: string): Leaf {
  if (typeof content !== 'string') throw new NotWritable('text or html that is not a string');
  return { kind: 'text', contentType, content };
}

/** The root's boundary for a message whose boundaries start with `base` (the caller's header block names it). */
export const rootBoundary = (base: string) => `${base}-Part_1`;

/**
 * The body under the root's header block: its parts, separated by the root's boundary and, for
 * nested parts, `${base}-Part_2` and `_3` (none is a prefix of another, as a lax reader might match).
 */
export function writeBody(root: Part & { kind: 'multipart' }, base: string, out: Chunk[]): void {
  let nested = 1;
  const write = (part: Part, own: string) => {
    if (part.kind !== 'multipart') return writeLeaf(part, out);
    part.children.forEach((child, index) => {
      out.push(`${index > 0 ? '\r\n' : ''}--${own}\r\n`);
      if (child.kind === 'multipart') {
        const inner = `${base}-Part_${(nested += 1)}`;
        out.push(`${multipartHeader(child.contentType, inner)}\r\n\r\n`);
        write(child, inner);
      } else {
        writeLeaf(child, out);
      }
    });
    out.push(`\r\n--${own}--\r\n`);
  };
  write(root, rootBoundary(base));
}

function writeLeaf(leaf: Leaf, out: Chunk[]): void {
  if (leaf.kind === 'raw') {
    out.push(
      typeof leaf.raw === 'string' ? leaf.raw : wireReady(leaf.raw) ? leaf.raw : leaf.raw.toString('latin1'),
    );
    return;
  }
  const encoding = transferEncoding(leaf.content);
  out.push(`${leafHeader(leaf.contentType, encoding)}\r\n\r\n`);
  if (encoding === 'base64') out.push(base64.wrap(base64.encode(Buffer.from(leaf.content, 'utf8')), 76));
  else if (encoding === 'quoted-printable') out.push(encodeQuotedPrintable(leaf.content));
  else out.push(leaf.content);
}

/** MimeNode's choice for a text part: 7bit when plain with short lines, else Q or B by the share of non-Latin characters. */
export function transferEncoding(content: string): '7bit' | 'quoted-printable' | 'base64' {
  if (mimeFuncs.isPlainText(content) && !hasLongerLines(content, 76)) return '7bit';
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80)
      nonLatin++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return nonLatin < latin ? 'quoted-printable' : 'base64';
}

/** mimeFuncs.hasLongerLines without building a regular expression per call (5 % of a build). */
function hasLongerLines(content: string, limit: number): boolean {
  let start = 0;
  for (;;) {
    const end = content.indexOf('\n', start);
    // A line's length without its CR, as `.` in nodemailer's /^.{n,}/m stops at \r and \n.
    const stop = end < 0 ? content.length : end;
    let line = stop - start;
    const cr = content.indexOf('\r', start);
    if (cr >= 0 && cr < stop) line = Math.max(cr - start, longestAfterCr(content, cr + 1, stop));
    if (line > limit) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

function longestAfterCr(content: string, from: number, stop: number): number {
  let longest = 0;
  let start = from;
  for (;;) {
    const cr = content.indexOf('\r', start);
    const end = cr < 0 || cr >= stop ? stop : cr;
    longest = Math.max(longest, end - start);
    if (end === stop) return longest;
    start = end + 1;
  }
}

// A part's header lines as nodemailer writes them, built once per content type and encoding.
const leafHeaders = new Map<string, string>();
function leafHeader(contentType: string, encoding: string): string {
  const key = `${contentType}\n${encoding}`;
  let header = leafHeaders.get(key);
  if (header === undefined) {
    const node = new MimeNode('multipart/mixed', { baseBoundary: 'x' }).createChild(contentType);
    node.setHeader('Content-Transfer-Encoding', encoding);
    header = node.buildHeaders();
    leafHeaders.set(key, header);
  }
  return header;
}

const BOUNDARY_MARK = 'BOUNDARY-MARK-5f3a';
const multipartHeaders = new Map<string, string[]>();
function multipartHeader(contentType: string, boundary: string): string {
  let pieces = multipartHeaders.get(contentType);
  if (!pieces) {
    const node = new MimeNode('multipart/mixed', { baseBoundary: 'x' }).createChild(contentType);
    (node as unknown as { boundary: string }).boundary = BOUNDARY_MARK;
    pieces = node.buildHeaders().split(BOUNDARY_MARK);
    if (pieces.length !== 2) throw new Error(`unexpected multipart header for ${contentType}`);
    multipartHeaders.set(contentType, pieces);
  }
  return pieces.join(boundary);
}

// Whether a finished part can go on the wire as it is; a Buffer is checked once, however many
// messages carry it.
const checked = new WeakMap<Buffer, boolean>();
export function wireReady(bytes: Buffer): boolean {
  let ready = checked.get(bytes);
  if (ready === undefined) {
    ready = isWireReady(bytes);
    checked.set(bytes, ready);
  }
  return ready;
}

/** 7-bit, every CR followed by LF and every LF preceded by CR, no line starting with a dot, ends with CRLF or mid-line. */
function isWireReady(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes[0] === 0x2e) return false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte > 0x7f) return false;
    if (byte === 0x0d) {
      if (bytes[i + 1] !== 0x0a) return false;
    } else if (byte === 0x0a) {
      if (bytes[i - 1] !== 0x0d || bytes[i + 1] === 0x2e) return false;
    }
  }
  return true;
}
