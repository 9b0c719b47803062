import type Mail from 'nodemailer/lib/mailer';
import MailMessage from 'nodemailer/lib/mailer/mail-message';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';

/**
 * A multipart message's root header block, as MailComposer.compile and MailMessage.setListHeaders
 * make it, but with the campaign's fields encoded once instead of once per message.
 *
 * Every field goes through nodemailer's own MimeNode (address formatting, encoded words, folding),
 * so nothing drifts from the nodemailer path. What is the same for every message of a campaign
 * (From, Reply-To, the custom headers, List-Id, ...) is built once per distinct set of values and
 * kept; what differs per recipient (To, Subject, Message-ID, Date, the List-Unsubscribe links)
 * plus what a root always gets (MIME-Version, Content-Type with the message's boundary) is written
 * line by line with nodemailer's encoders when the values are plain (fastRecipientBlock), and by
 * a MimeNode otherwise. Header order differs from nodemailer's, which no reader or DKIM verifier
 * depends on.
 */

// MailComposer.compile sets these on the root after the custom headers, replacing any of them.
const ROOT_FIELDS = [
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'in-reply-to',
  'references',
  'subject',
  'message-id',
  'date',
] as const;
/**
 * A root MimeNode whose header-name normalisation (a chain of regular expressions run on every
 * setHeader and getHeader: 14 % of building a message) is remembered per name. The function is
 * pure, so its answers are the same; only our per-message roots use this class.
 */
const normalisedKeys = new Map<string, string>();
const normalise = (MimeNode.prototype as unknown as { _normalizeHeaderKey: (key: string) => string })
  ._normalizeHeaderKey;
class RootNode extends MimeNode {}
Object.defineProperty(RootNode.prototype, '_normalizeHeaderKey', {
  value(this: MimeNode, key: unknown): string {
    if (typeof key !== 'string') return normalise.call(this, key as string);
    let normal = normalisedKeys.get(key);
    if (normal === undefined) {
      normal = normalise.call(this, key);
      if (normalisedKeys.size < 1000) normalisedKeys.set(key, normal);
    }
    return normal;
  },
});

const RECIPIENT_FIELDS: readonly string[] = ['to', 'subject', 'message-id', 'date'];
const CAMPAIGN_FIELDS = ROOT_FIELDS.filter((field) => !RECIPIENT_FIELDS.includes(field));

export type RootHeaders = {
  envelope: { from: string | false; to: string[] };
  messageId: string;
  block: string;
};

export function rootHeaders(
  data: Mail.Options,
  contentType: string,
  baseBoundary: string,
  boundary: string,
): RootHeaders {
  if (!splittable(data)) {
    const root = rootNode(contentType, baseBoundary, boundary);
    if (data.headers) root.addHeader(data.headers as Parameters<MimeNode['addHeader']>[0]);
    setFields(root, data, ROOT_FIELDS);
    finishRoot(root, data, data.list);
    return headersOf(root, root.buildHeaders());
  }
  const { id, ...links } = (data.list ?? {}) as Record<string, unknown>;
  const list = Object.keys(links).length > 0 ? links : undefined;
  const recipient =
    fastRecipientBlock(data, list, contentType, boundary) ??
    nodemailerRecipientBlock(data, list, contentType, baseBoundary, boundary);
  const campaign = campaignBlock(data, id);
  return { ...recipient, block: campaign ? `${campaign}\r\n${recipient.block}` : recipient.block };
}

function rootNode(contentType: string, baseBoundary: string, boundary: string): MimeNode {
  const root = new RootNode(contentType, { baseBoundary });
  // The writer of the parts (mime-writer.ts) uses this boundary.
  (root as unknown as { boundary: string }).boundary = boundary;
  return root;
}

function headersOf(root: MimeNode, block: string): RootHeaders {
  return { envelope: root.getEnvelope() as RootHeaders['envelope'], messageId: root.messageId(), block };
}

/** The recipient's part of a split root built by a MimeNode: what fastRecipientBlock must equal. */
export function nodemailerRecipientBlock(
  data: Mail.Options,
  list: Record<string, unknown> | undefined,
  contentType: string,
  baseBoundary: string,
  boundary: string,
  date?: Date,
): RootHeaders {
  const root = rootNode(contentType, baseBoundary, boundary);
  if (date) (root as unknown as { date: Date }).date = date;
  setFields(root, data, RECIPIENT_FIELDS);
  finishRoot(root, data, list);
  return headersOf(root, root.buildHeaders());
}

/**
 * The recipient's header lines of a split root without a MimeNode, for what campaigns send: an
 * explicit envelope and a To of plain ASCII addresses, a Message-ID, no Date option. Each value
 * goes through the same nodemailer function the MimeNode would call (name and subject encoding,
 * list links, folding); what this skips is the MimeNode itself and the address parsing and
 * domain normalisation per message (a domain is normalised once and remembered). Null for
 * anything else, which the MimeNode then builds; a test holds the two byte for byte equal.
 */
export function fastRecipientBlock(
  data: Mail.Options,
  list: Record<string, unknown> | undefined,
  contentType: string,
  boundary: string,
  date = new Date(),
): RootHeaders | null {
  const envelope = plainEnvelope(data.envelope);
  const to = plainRecipient(data.to);
  const { messageId, subject } = data;
  if (!envelope || !to || typeof messageId !== 'string' || !messageId || data.date !== undefined) return null;
  if (subject !== undefined && typeof subject !== 'string') return null;
  const type = contentTypeValue(contentType, boundary);
  if (type === null) return null;
  const lines = [mimeFuncs.foldLines(`To: ${to}`, 76)];
  if (subject) {
    const encoded = helper._encodeHeaderText(subject.replace(/\r?\n|\r/g, ' '));
    if (encoded.trim()) lines.push(mimeFuncs.foldLines(`Subject: ${encoded}`, 76));
  }
  lines.push(mimeFuncs.foldLines(`Message-ID: ${helper.encodeHeaderValue('Message-ID', messageId)}`, 76));
  if (list) {
    for (const header of lister._getListHeaders(list)) {
      const key = normalisedKey(header.key);
      for (const { value } of header.value)
        if (value.trim()) lines.push(mimeFuncs.foldLines(`${key}: ${value}`));
    }
  }
  lines.push(
    mimeFuncs.foldLines(`Date: ${date.toUTCString().replace(/GMT/, '+0000')}`, 76),
    'MIME-Version: 1.0',
    mimeFuncs.foldLines(`Content-Type: ${type}`, 76),
  );
  return { envelope, messageId, block: lines.join('\r\n') };
}

type MimeNodeInternals = {
  _encodeAddressName(name: string): string;
  _encodeHeaderText(value: string): string;
  _normalizeAddress(address: string): string;
  encodeHeaderValue(key: string, value: string): string;
};
// Only pure methods of these two are called: they read no state of the node or message.
const helper = new RootNode('text/plain') as unknown as MimeNodeInternals;
const lister = Object.create(MailMessage.prototype) as {
  _getListHeaders(list: unknown): { key: string; value: { value: string }[] }[];
};

function normalisedKey(key: string): string {
  return (RootNode.prototype as unknown as { _normalizeHeaderKey(key: string): string })._normalizeHeaderKey(
    key,
  );
}

// An ASCII dot-atom: nodemailer's _normalizeLocalPart leaves it as it is.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
// mime-node's PLAIN_ADDRESS: an address written without angle brackets when it has no name.
const PLAIN_ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\]]+$/;
const normalDomains = new Map<string, boolean>();

/** Whether nodemailer's address normalisation leaves this address exactly as it is. */
function plainAddress(address: unknown): address is string {
  if (typeof address !== 'string') return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || !LOCAL_PART.test(address.slice(0, at))) return false;
  const domain = address.slice(at + 1);
  if (!domain || domain.endsWith(']')) return false;
  let normal = normalDomains.get(domain);
  if (normal === undefined) {
    normal = helper._normalizeAddress(`x@${domain}`) === `x@${domain}`;
    if (normalDomains.size >= 10_000) normalDomains.clear();
    normalDomains.set(domain, normal);
  }
  return normal;
}

/** MimeNode.setEnvelope's answer for an envelope of plain addresses, or null. */
function plainEnvelope(envelope: Mail.Options['envelope']): RootHeaders['envelope'] | null {
  if (!envelope || typeof envelope !== 'object') return null;
  const { from, to } = envelope as { from?: unknown; to?: unknown };
  if (Object.keys(envelope).some((key) => key !== 'from' && key !== 'to')) return null;
  if (!plainAddress(from) || !Array.isArray(to) || !to.every(plainAddress)) return null;
  if (new Set(to).size !== to.length) return null;
  return { from, to: [...to] };
}

/** The To header's value for one `{ name, address }` with a plain address, or null. */
function plainRecipient(to: Mail.Options['to']): string | null {
  if (!to || typeof to !== 'object' || Array.isArray(to)) return null;
  const { name, address } = to as { name?: unknown; address?: unknown };
  if (!plainAddress(address) || (name !== undefined && typeof name !== 'string')) return null;
  if (!name) return PLAIN_ADDRESS.test(address) ? address : `<${address}>`;
  return `${helper._encodeAddressName(name)} <${address}>`;
}

const contentTypes = new Map<string, { value: string; params: Record<string, string> } | null>();

/** The root's Content-Type value with its boundary, as MimeNode.buildHeaders makes it. */
function contentTypeValue(contentType: string, boundary: string): string | null {
  let structured = contentTypes.get(contentType);
  if (structured === undefined) {
    const parsed = mimeFuncs.parseHeaderValue(contentType, { stripComments: true } as never) as {
      value: string;
      params: Record<string, string>;
    };
    // eslint-disable-next-line no-control-regex
    const value = parsed.value.replace(/[\x00-\x1f\x7f]/g, '');
    structured =
      /^multipart\//i.test(value) && !('boundary' in parsed.params) ? { value, params: parsed.params } : null;
    contentTypes.set(contentType, structured);
  }
  // eslint-disable-next-line no-control-regex
  if (!structured || /[\x00-\x1f\x7f]/.test(boundary)) return null;
  const value = mimeFuncs.buildHeaderValue({
    value: structured.value,
    params: { ...structured.params, boundary },
  });
  return value.replace(/\r?\n|\r/g, ' ');
}

/**
 * Whether the campaign's fields can be built apart: an explicit envelope (without one, nodemailer
 * takes it from the From and To headers of the root) and custom headers that do not name a root
 * field (which the fields would replace) or a header the `list` option makes. Other `List-*`
 * headers (every campaign carries List-Unsubscribe-Post) are the campaign's like any other.
 */
function splittable(data: Mail.Options): boolean {
  if (!data.envelope) return false;
  const { headers } = data;
  if (!headers) return true;
  if (Array.isArray(headers) || typeof headers !== 'object') return false;
  const listHeaders = Object.keys(data.list ?? {}).map((key) => `list-${key.toLowerCase().trim()}`);
  return Object.keys(headers).every((key) => {
    const name = key.toLowerCase().trim();
    return (
      !(ROOT_FIELDS as readonly string[]).includes(name) &&
      !listHeaders.includes(name) &&
      !name.startsWith('content-') &&
      name !== 'mime-version'
    );
  });
}

function setFields(node: MimeNode, data: Mail.Options, fields: readonly string[]): void {
  for (const field of fields) {
    const value = fieldValue(data, field);
    if (value) node.setHeader(field, value as string);
  }
}

function finishRoot(root: MimeNode, data: Mail.Options, list: unknown): void {
  if (data.envelope) root.setEnvelope(data.envelope as Parameters<MimeNode['setEnvelope']>[0]);
  root.messageId();
  setListHeaders(root, list);
}

/** MailMessage.setListHeaders for a node and a `list` option (or part of one). */
function setListHeaders(node: MimeNode, list: unknown): void {
  if (!list) return;
  const lister = Object.create(MailMessage.prototype) as MailMessage;
  lister.data = { list } as Mail.Options;
  lister.message = node;
  lister.setListHeaders();
}

const campaignBlocks = new Map<string, string>();

/** The campaign's header fields, built by a non-root MimeNode once per distinct set of values. */
function campaignBlock(data: Mail.Options, listId: unknown): string {
  const values = [...CAMPAIGN_FIELDS.map((field) => fieldValue(data, field)), data.headers, listId];
  const key = JSON.stringify(values);
  let block = campaignBlocks.get(key);
  if (block === undefined) {
    // A child node: a root would add Date, Message-ID and MIME-Version, which are per message.
    const node = new MimeNode('multipart/mixed', { baseBoundary: 'x' }).createChild('text/plain');
    if (data.headers) node.addHeader(data.headers as Parameters<MimeNode['addHeader']>[0]);
    setFields(node, data, CAMPAIGN_FIELDS);
    setListHeaders(node, listId ? { id: listId } : undefined);
    block = withoutField(node.buildHeaders(), 'content-type');
    if (campaignBlocks.size >= 1000) campaignBlocks.clear();
    campaignBlocks.set(key, block);
  }
  return block;
}

// 'reply-to' -> 'replyTo': the option each root field comes from, as MailComposer names it.
const OPTION_OF = new Map<string, keyof Mail.Options>(
  ROOT_FIELDS.map((field) => [
    field,
    field.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as keyof Mail.Options,
  ]),
);

function fieldValue(data: Mail.Options, field: string): unknown {
  return data[OPTION_OF.get(field)!];
}

/** A header block without one field (and its folded lines). */
function withoutField(block: string, name: string): string {
  const kept: string[] = [];
  let keep = true;
  for (const line of block.split('\r\n')) {
    if (line[0] !== ' ' && line[0] !== '\t')
      keep = line.slice(0, line.indexOf(':')).trim().toLowerCase() !== name;
    if (keep) kept.push(line);
  }
  return kept.join('\r\n');
}
