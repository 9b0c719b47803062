import type Mail from 'nodemailer/lib/mailer';
import MailMessage from 'nodemailer/lib/mailer/mail-message';
import MimeNode from 'nodemailer/lib/mime-node';

/**
 * A multipart message's root header block, as MailComposer.compile and MailMessage.setListHeaders
 * make it, but with the campaign's fields encoded once instead of once per message.
 *
 * Every field goes through nodemailer's own MimeNode (address formatting, encoded words, folding),
 * so nothing drifts from the nodemailer path. What is the same for every message of a campaign
 * (From, Reply-To, the custom headers, List-Id, ...) is built once per distinct set of values and
 * kept; a MimeNode per message carries only what differs per recipient (To, Subject, Message-ID,
 * Date, the List-Unsubscribe links) plus what a root always gets (MIME-Version, Content-Type with
 * the message's boundary). Header order differs from nodemailer's, which no reader or DKIM
 * verifier depends on.
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

export type RootHeaders = { root: MimeNode; block: string };

export function rootHeaders(
  data: Mail.Options,
  contentType: string,
  baseBoundary: string,
  boundary: string,
): RootHeaders {
  const root = new RootNode(contentType, { baseBoundary });
  // The writer of the parts (mime-writer.ts) uses this boundary.
  (root as unknown as { boundary: string }).boundary = boundary;
  if (!splittable(data)) {
    if (data.headers) root.addHeader(data.headers as Parameters<MimeNode['addHeader']>[0]);
    setFields(root, data, ROOT_FIELDS);
    finishRoot(root, data, data.list);
    return { root, block: root.buildHeaders() };
  }
  setFields(root, data, RECIPIENT_FIELDS);
  const { id, ...links } = (data.list ?? {}) as Record<string, unknown>;
  finishRoot(root, data, Object.keys(links).length > 0 ? links : undefined);
  const campaign = campaignBlock(data, id);
  const recipient = root.buildHeaders();
  return { root, block: campaign ? `${campaign}\r\n${recipient}` : recipient };
}

/**
 * Whether the campaign's fields can be built apart: an explicit envelope (without one, nodemailer
 * takes it from the From and To headers of the root) and custom headers that do not name a root
 * field (which the fields would replace).
 */
function splittable(data: Mail.Options): boolean {
  if (!data.envelope) return false;
  const { headers } = data;
  if (!headers) return true;
  if (Array.isArray(headers) || typeof headers !== 'object') return false;
  return Object.keys(headers).every((key) => {
    const name = key.toLowerCase().trim();
    return (
      !(ROOT_FIELDS as readonly string[]).includes(name) &&
      !name.startsWith('list-') &&
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
