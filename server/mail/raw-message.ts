import { createHash, createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import * as base64 from 'nodemailer/lib/base64';
import signDkim from 'nodemailer/lib/dkim/sign';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import MailMessage from 'nodemailer/lib/mailer/mail-message';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import { NotWritable, partTree, rootBoundary, writeBody, type Chunk } from './mime-writer.ts';
import { rootHeaders } from './root-headers.ts';

/**
 * A message as the bytes that go after DATA, built without nodemailer's stream machinery.
 *
 * The root header block is nodemailer's own (a MimeNode with the headers MailComposer.compile
 * sets, plus MailMessage's list headers, exactly what `sendMail` builds), so header encoding and
 * folding cannot drift from the nodemailer path. The parts under it are written by
 * mime-writer.ts in MailComposer's structure without a MimeNode per part; the campaign's files
 * (encoded once per campaign in attachments.ts) go out as shared Buffers. A single-part message
 * is serialised from nodemailer's tree in one synchronous pass instead. The DKIM signature
 * (relaxed/relaxed, nodemailer's own signer over the built header lines and a body hash) goes on
 * top. Line ends are CRLF throughout, as the SMTP data stream would make them; dot-stuffing is
 * the SMTP client's job.
 *
 * `buildRawMessage` returns null for what it does not handle (content read from a path, URL or
 * stream, non-ASCII addresses that need SMTPUTF8, several DKIM keys, `raw` messages, attached
 * data: URLs); the caller then sends the options through nodemailer as before.
 */
export type RawMessage = {
  envelope: { from: string; to: string[] };
  messageId: string;
  /**
   * The message in pieces, not dot-stuffed: strings built for this message, and Buffers shared by
   * every message of a campaign (its files, checked once by mime-writer.ts: 7-bit, CRLF, no line
   * starting with a dot), which the SMTP client writes as they are.
   */
  chunks: readonly Chunk[];
  /** The whole message, CRLF line ends, 7-bit ASCII, not dot-stuffed. */
  readonly data: string;
};

class Unsupported extends Error {}

const BOUNDARY_PREFIX = randomBytes(6).toString('hex');
let boundaries = 0;

// The key is parsed once per campaign key, not per message (PEM parsing costs ~0.1 ms).
const keys = new Map<string, KeyObject>();
function keyObject(privateKey: string): KeyObject {
  let key = keys.get(privateKey);
  if (!key) {
    if (keys.size > 1000) keys.clear();
    key = createPrivateKey(privateKey);
    keys.set(privateKey, key);
  }
  return key;
}

const SUPPORTED_OPTIONS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'replyTo',
  'inReplyTo',
  'references',
  'subject',
  'messageId',
  'date',
  'envelope',
  'html',
  'text',
  'list',
  'headers',
  'attachments',
  'dkim',
]);

export function buildRawMessage(mail: Mail.Options): RawMessage | null {
  try {
    const built = build(mail);
    return mail.dkim ? signed(built, signatureHeader(built.data, mail.dkim)) : built;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/**
 * buildRawMessage with the DKIM signature's RSA work handed to `signer` (the worker pool of
 * dkim-signers.ts): building stays here, the ~1 ms of RSA-2048 per message runs on other threads.
 */
export async function buildRawMessageSignedBy(
  mail: Mail.Options,
  signer: (inputs: DkimInputs) => Promise<string>,
): Promise<RawMessage | null> {
  const unsigned = buildUnsignedMessage(mail);
  if (!unsigned) return null;
  return unsigned.dkim ? signed(unsigned.message, await signer(unsigned.dkim)) : unsigned.message;
}

/**
 * The message built and, when it is to be signed, what signing needs (the header lines and body
 * hash), without the RSA work: compose threads (compose-threads.ts) build here and the
 * dispatcher's signer threads sign. Null for what nodemailer must build.
 */
export function buildUnsignedMessage(
  mail: Mail.Options,
): { message: RawMessage; dkim: DkimInputs | null } | null {
  try {
    const message = build(mail);
    return { message, dkim: mail.dkim ? dkimInputs(message.data, mail.dkim) : null };
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** The DKIM-Signature goes on top, as nodemailer's signer puts it. */
export function signed(
  built: Pick<RawMessage, 'envelope' | 'messageId' | 'chunks'>,
  header: string,
): RawMessage {
  return rawMessage(built.envelope, built.messageId, [`${header}\r\n`, ...built.chunks]);
}

/** A message of chunks built elsewhere (a compose thread), with `data` joined when asked. */
export function rawMessageOf(built: Pick<RawMessage, 'envelope' | 'messageId' | 'chunks'>): RawMessage {
  return rawMessage(built.envelope, built.messageId, [...built.chunks]);
}

function build(mail: Mail.Options): RawMessage {
  for (const key of Object.keys(mail)) {
    if (!SUPPORTED_OPTIONS.has(key)) throw new Unsupported(`option ${key}`);
  }
  if (typeof mail.html !== 'string' && mail.html !== undefined) throw new Unsupported('html');
  if (typeof mail.text !== 'string' && mail.text !== undefined) throw new Unsupported('text');
  for (const attachment of mail.attachments ?? []) {
    const { raw, content, path, href } = attachment as Mail.Attachment & { href?: string };
    if (path || href) throw new Unsupported('attachment from a path or URL');
    if (raw !== undefined && typeof raw !== 'string' && !Buffer.isBuffer(raw)) throw new Unsupported('raw');
    if (content !== undefined && typeof content !== 'string' && !Buffer.isBuffer(content))
      throw new Unsupported('attachment content stream');
  }
  // What nodemailer's sendMail does between its plugins: the options normalised, the tree, then
  // the list headers.
  const message = new MailMessage({ options: {}, _defaults: {} } as never, mail);
  // nodemailer draws 8 random bytes per message for its boundaries; a per-process random prefix
  // and a counter are as unguessable by the content and cost nothing.
  const base = `--_NmP-${BOUNDARY_PREFIX}${(boundaries++).toString(16)}`;
  let tree: ReturnType<typeof partTree> | null;
  try {
    tree = partTree(message.data);
  } catch (error) {
    if (!(error instanceof NotWritable)) throw error;
    tree = null;
  }
  const chunks: Chunk[] = [];
  let root: MimeNode | null = null;
  let headers: ReturnType<typeof rootHeaders>;
  if (tree) {
    // The root's header block (per recipient) comes from root-headers.ts; mime-writer.ts writes
    // the parts under it.
    headers = rootHeaders(message.data, tree.contentType, base, rootBoundary(base));
  } else {
    (message.data as { baseBoundary?: string }).baseBoundary = base;
    root = new MailComposer(message.data).compile();
    message.message = root;
    message.setListHeaders();
    headers = { envelope: root.getEnvelope() as typeof headers.envelope, messageId: '', block: '' };
  }

  const { envelope } = headers;
  const from = envelope.from || '';
  if (!ascii(from) || envelope.to.some((to) => !ascii(to))) throw new Unsupported('SMTPUTF8 address');
  if (!root) {
    chunks.push(`${headers.block}\r\n\r\n`);
    writeBody(tree!, base, chunks);
  } else {
    const parts: string[] = [];
    serialise(root as unknown as Node, parts);
    chunks.push(parts.join(''));
  }
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    if (typeof chunk !== 'string') continue;
    const normal = normaliseLineEnds(chunk);
    if (!ascii(normal)) throw new Unsupported('8-bit header');
    chunks[i] = normal;
  }
  return rawMessage({ from, to: envelope.to }, root ? root.messageId() : headers.messageId, chunks);
}

/** A message of chunks; `data` (the whole text) is joined only when asked (DKIM, nodemailer, tests). */
function rawMessage(envelope: RawMessage['envelope'], messageId: string, chunks: Chunk[]): RawMessage {
  let data: string | null = null;
  return {
    envelope,
    messageId,
    chunks,
    get data() {
      data ??= chunks.map((chunk) => (typeof chunk === 'string' ? chunk : chunk.toString('latin1'))).join('');
      return data;
    },
  };
}

function ascii(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(value);
}

type Node = Omit<MimeNode, 'boundary' | 'childNodes'> & {
  _raw?: unknown;
  content?: unknown;
  multipart?: string | false;
  boundary?: string | false;
  childNodes: Node[];
  contentType?: string;
};

/** MimeNode.stream without streams: the same bytes, in one synchronous pass. */
function serialise(node: Node, out: string[]): void {
  if (node._raw !== undefined && node._raw !== null && node._raw !== false) {
    out.push(textOf(node._raw));
  } else {
    const encoding = node.getTransferEncoding();
    out.push(node.buildHeaders() + '\r\n\r\n');
    if (node.content) {
      const content = node.content;
      if (encoding === 'base64') {
        out.push(base64.wrap(base64.encode(bytesOf(content)), 76));
      } else if (encoding === 'quoted-printable') {
        if (!/^text\//i.test(node.contentType ?? '')) throw new Unsupported('binary quoted-printable');
        out.push(qp.wrap(qp.encode(bytesOf(content)), 76));
      } else {
        out.push(typeof content === 'string' ? content : bytesOf(content).toString('latin1'));
      }
    }
  }
  if (node.multipart) {
    node.childNodes.forEach((child, index) => {
      out.push(`${index > 0 ? '\r\n' : ''}--${node.boundary}\r\n`);
      serialise(child, out);
    });
    out.push(`\r\n--${node.boundary}--\r\n`);
  }
}

function bytesOf(content: unknown): Buffer {
  if (typeof content === 'string') return Buffer.from(content, 'utf8');
  if (Buffer.isBuffer(content)) return content;
  throw new Unsupported('content that is neither a string nor a buffer');
}

/** A finished part: kept byte for byte, so one JS character per byte. */
function textOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (Buffer.isBuffer(raw)) return raw.toString('latin1');
  throw new Unsupported('raw content that is neither a string nor a buffer');
}

/** Bare CR and bare LF become CRLF, as nodemailer's SMTP data stream makes them. */
function normaliseLineEnds(data: string): string {
  return /\r(?!\n)|(?<!\r)\n/.test(data) ? data.replace(/\r\n|\r|\n/g, '\r\n') : data;
}

type DkimOptions = NonNullable<Mail.Options['dkim']>;

/** What signing needs besides the key work: the header lines, the body hash and the options. */
export type DkimInputs = {
  headers: { key: string; line: string }[];
  bodyHash: string;
  options: {
    domainName?: string;
    keySelector?: string;
    privateKey: string;
    headerFieldNames?: string;
    skipFields?: string;
  };
};

export function dkimInputs(data: string, dkim: DkimOptions): DkimInputs {
  const options = dkim as DkimOptions & { keys?: unknown; hashAlgo?: string; skipFields?: string };
  if (options.keys || (options.hashAlgo && options.hashAlgo !== 'sha256')) throw new Unsupported('DKIM keys');
  if (typeof options.privateKey !== 'string') throw new Unsupported('DKIM key is not a PEM string');
  const split = data.indexOf('\r\n\r\n');
  const head = split < 0 ? data : data.slice(0, split + 2);
  const body = split < 0 ? '' : data.slice(split + 4);
  return {
    headers: headerLines(head),
    bodyHash: createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64'),
    options: {
      ...(options.domainName ? { domainName: options.domainName } : {}),
      ...(options.keySelector ? { keySelector: options.keySelector } : {}),
      privateKey: options.privateKey,
      ...(options.headerFieldNames ? { headerFieldNames: options.headerFieldNames } : {}),
      ...(options.skipFields ? { skipFields: options.skipFields } : {}),
    },
  };
}

/**
 * DKIM-Signature (rsa-sha256, relaxed/relaxed) for a built message, put on top as nodemailer's
 * signer puts it: the header lines and field list go through nodemailer's own `sign`, the body
 * hash is computed here over the relaxed body (RFC 6376 3.4.4).
 */
export function sign(data: string, dkim: DkimOptions): string {
  return `${signatureHeader(data, dkim)}\r\n${data}`;
}

function signatureHeader(data: string, dkim: DkimOptions): string {
  const inputs = dkimInputs(data, dkim);
  const header = signDkim(inputs.headers, 'sha256', inputs.bodyHash, {
    ...inputs.options,
    privateKey: keyObject(inputs.options.privateKey),
  } as Parameters<typeof signDkim>[3]);
  if (!header) throw new Error('DKIM signing failed');
  return header;
}

/** Header lines as nodemailer's message parser gives them: a field with its folded lines. */
function headerLines(head: string): { key: string; line: string }[] {
  const lines: { key: string; line: string }[] = [];
  for (const line of head.split('\r\n')) {
    if (!line) continue;
    if ((line[0] === ' ' || line[0] === '\t') && lines.length > 0) {
      lines[lines.length - 1]!.line += `\r\n${line}`;
    } else {
      lines.push({ key: line.slice(0, line.indexOf(':')).trim().toLowerCase(), line });
    }
  }
  return lines;
}

/** Relaxed body canonicalisation: WSP runs to one SP, none at line ends, no empty lines at the end. */
export function relaxedBody(body: string): string {
  let canonical = /[ \t]/.test(body) ? body.replace(/[ \t]+/g, ' ').replace(/ (?=\r\n|$)/g, '') : body;
  let end = canonical.length;
  while (end >= 2 && canonical.startsWith('\r\n', end - 2)) end -= 2;
  canonical = canonical.slice(0, end);
  return canonical ? `${canonical}\r\n` : '';
}
