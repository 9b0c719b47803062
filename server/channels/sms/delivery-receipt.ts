/**
 * SMPP delivery receipts (issue 33): a `deliver_sm` whose esm_class has 0x04 set and whose text
 * reads `id:<message_id> sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm
 * stat:DELIVRD err:000 text:...` (SMPP 3.4 appendix B), often with the `receipted_message_id`
 * and `message_state` optional parameters too. The parameters win when both are there: they are
 * typed, where the text's format is only a convention each SMSC follows its own way.
 */

export type ReceiptStatus =
  'enroute' | 'delivered' | 'expired' | 'deleted' | 'undelivered' | 'accepted' | 'unknown' | 'rejected';

export const RECEIPT_ESM_CLASS = 0x04;
/** esm_class bits 2-5 (SMPP 3.4 section 5.2.12): 0 for a mobile-originated message, else what the SMSC reports. */
export const ESM_MESSAGE_TYPE_MASK = 0x3c;
const INTERMEDIATE_NOTIFICATION = 0x20;

/** The `stat:` words of the text form. */
const STAT_WORDS: Record<string, ReceiptStatus> = {
  ENROUTE: 'enroute',
  DELIVRD: 'delivered',
  EXPIRED: 'expired',
  DELETED: 'deleted',
  UNDELIV: 'undelivered',
  ACCEPTD: 'accepted',
  UNKNOWN: 'unknown',
  REJECTD: 'rejected',
};
/** The `message_state` values (SMPP 3.4 section 5.2.28). */
const STATES: Record<number, ReceiptStatus> = {
  1: 'enroute',
  2: 'delivered',
  3: 'expired',
  4: 'deleted',
  5: 'undelivered',
  6: 'accepted',
  7: 'unknown',
  8: 'rejected',
};
export const RECEIPT_STAT_WORD: Record<ReceiptStatus, string> = Object.fromEntries(
  Object.entries(STAT_WORDS).map(([word, status]) => [status, word]),
) as Record<ReceiptStatus, string>;
export const RECEIPT_MESSAGE_STATE: Record<ReceiptStatus, number> = Object.fromEntries(
  Object.entries(STATES).map(([state, status]) => [status, Number(state)]),
) as Record<ReceiptStatus, number>;

export type DeliveryReceipt = {
  messageId: string;
  status: ReceiptStatus;
  /** `err:` of the text (the network's or SMSC's code, as written), null without one. */
  errorCode: string | null;
  submittedAt: Date | null;
  doneAt: Date | null;
};

const FIELD = /(id|sub|dlvrd|submit date|done date|stat|err|text):/gi;

/** The text's fields by lower-case name; `text` takes the rest of the line, whatever it holds. */
function fields(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const marks = [...text.matchAll(FIELD)];
  for (const [i, mark] of marks.entries()) {
    const name = (mark[1] ?? '').toLowerCase();
    if (found.has(name)) continue;
    const start = (mark.index ?? 0) + mark[0].length;
    const end = name === 'text' ? text.length : (marks[i + 1]?.index ?? text.length);
    found.set(name, text.slice(start, end).trim());
    if (name === 'text') break;
  }
  return found;
}

/** YYMMDDhhmm[ss], read as UTC: SMPP leaves the zone to the SMSC, and most write UTC. */
function receiptDate(value: string | undefined): Date | null {
  const match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value ?? '');
  if (!match) return null;
  const [, yy, mm, dd, hh, mi, ss] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(2000 + yy, mm - 1, dd, hh, mi, Number.isNaN(ss) ? 0 : ss));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The receipt in a deliver_sm, or null when the PDU is not one (a mobile-originated message, or
 * a receipt naming no message id). `text` is the short_message as text.
 */
export function parseDeliveryReceipt(pdu: {
  esm_class?: number;
  text: string;
  receipted_message_id?: string;
  message_state?: number;
}): DeliveryReceipt | null {
  const type = (pdu.esm_class ?? 0) & ESM_MESSAGE_TYPE_MASK;
  // An intermediate notification is a receipt too (usually "enroute"); acknowledgements are not.
  if (type !== RECEIPT_ESM_CLASS && type !== INTERMEDIATE_NOTIFICATION) return null;
  const parts = fields(pdu.text);
  const messageId = (pdu.receipted_message_id || parts.get('id') || '').trim();
  if (!messageId) return null;
  const stateStatus = pdu.message_state === undefined ? undefined : STATES[pdu.message_state];
  const status = stateStatus ?? STAT_WORDS[(parts.get('stat') ?? '').toUpperCase()] ?? 'unknown';
  const err = parts.get('err');
  return {
    messageId,
    status,
    errorCode: err === undefined || err === '' ? null : err,
    submittedAt: receiptDate(parts.get('submit date')),
    doneAt: receiptDate(parts.get('done date')),
  };
}

/**
 * The forms one message id may take: SMSCs are known to answer submit_sm in hexadecimal and then
 * write the receipt's `id:` in decimal (or the other way), so matching tries each.
 */
export function messageIdForms(id: string): string[] {
  const forms = new Set([id]);
  if (/^[0-9]{1,15}$/.test(id)) forms.add(Number(id).toString(16));
  if (/^[0-9a-f]{1,12}$/i.test(id)) forms.add(String(Number.parseInt(id, 16)));
  return [...forms];
}

function yymmddhhmm(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}

/** The receipt text an SMSC writes (the built-in test SMSC writes this one). */
export function formatReceiptText(receipt: {
  messageId: string;
  status: ReceiptStatus;
  errorCode: string;
  submittedAt: Date;
  doneAt: Date;
  text: string;
}): string {
  const delivered = receipt.status === 'delivered' ? '001' : '000';
  return (
    `id:${receipt.messageId} sub:001 dlvrd:${delivered} submit date:${yymmddhhmm(receipt.submittedAt)} ` +
    `done date:${yymmddhhmm(receipt.doneAt)} stat:${RECEIPT_STAT_WORD[receipt.status]} err:${receipt.errorCode} ` +
    `text:${receipt.text.slice(0, 20)}`
  );
}
