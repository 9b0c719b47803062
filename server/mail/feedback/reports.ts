import { createHash } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * Reads what an inbound report says, from its MIME structure as mailparser hands it over (never
 * by splitting the message by hand):
 *
 * - RFC 3464 delivery status notifications (`multipart/report; report-type=delivery-status`): the
 *   per-recipient Action, Status and Diagnostic-Code of the `message/delivery-status` part;
 * - RFC 5965 ARF complaint reports (`report-type=feedback-report`): the `message/feedback-report`
 *   part's Feedback-Type and Original-Mail-From;
 * - the common non-standard bounces: a plain body from a mailer daemon with a 5.x.x / 4.x.x code.
 *
 * Besides the verdict it finds what can tie the report to one message without the VERP recipient:
 * the enclosed original's Message-ID and the original envelope sender (Original-Mail-From).
 */
export type ReportKind = 'delivery_status' | 'feedback_report' | 'plain' | 'other';

export type ReportVerdict =
  | { kind: 'hard_bounce' | 'soft_bounce'; status: string; diagnostic: string | null }
  | { kind: 'complaint'; feedbackType: string }
  /** A report that changes nothing (delivered, relayed, a not-spam feedback). */
  | { kind: 'ignore'; why: string }
  | null;

export type ReadReport = {
  kind: ReportKind;
  verdict: ReportVerdict;
  /** The DSN's own Message-ID, else a hash of its bytes: the same report read twice has the same id. */
  eventId: string;
  subject: string;
  /** Message-ID of the returned original (enclosed message or headers), if any. */
  originalMessageId: string | null;
  /** Envelope sender of the original (ARF Original-Mail-From), if given. */
  originalMailFrom: string | null;
  /** Recipient named by the report (Final-Recipient, Original-Rcpt-To). */
  recipient: string | null;
};

/** `Name: value` fields with folded lines (the body of delivery-status and feedback-report parts). */
export function readFieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size > 0) groups.push(current);
      current = new Map();
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    // The first occurrence of a field wins (a repeated one is rare and never the one that matters).
    if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
  }
  if (current.size > 0) groups.push(current);
  return groups;
}

/** `rfc822; someone@example.com` -> `someone@example.com`. */
function typedAddress(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  return address.trim().replace(/^<|>$/g, '') || null;
}

const STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

function verdictFromStatus(status: string, diagnostic: string | null): ReportVerdict {
  const match = STATUS.exec(status);
  if (!match) return null;
  const code = match[0];
  if (match[1] === '5') return { kind: 'hard_bounce', status: code, diagnostic };
  if (match[1] === '4') return { kind: 'soft_bounce', status: code, diagnostic };
  return { kind: 'ignore', why: `status ${code}` };
}

function deliveryStatusVerdict(text: string): { verdict: ReportVerdict; recipient: string | null } {
  const groups = readFieldGroups(text);
  // The first group is per-message (Reporting-MTA); then one per recipient. With VERP a DSN is
  // about one message; the first recipient that failed (or is delayed) decides.
  const recipients = groups.filter((group) => group.has('action') || group.has('final-recipient'));
  const failed =
    recipients.find((group) => /^failed/i.test(group.get('action') ?? '')) ??
    recipients.find((group) => /^delayed/i.test(group.get('action') ?? ''));
  if (!failed) {
    const action = recipients[0]?.get('action') ?? 'none';
    return {
      verdict: recipients.length > 0 ? { kind: 'ignore', why: `action ${action}` } : null,
      recipient: typedAddress(recipients[0]?.get('final-recipient')),
    };
  }
  const diagnostic = failed.get('diagnostic-code') ?? null;
  const recipient = typedAddress(failed.get('final-recipient') ?? failed.get('original-recipient'));
  const status = failed.get('status') ?? diagnostic ?? '';
  let verdict = verdictFromStatus(status, diagnostic ? typedAddress(diagnostic) : null);
  // "Action: failed" without a readable status is still a failure, permanent by definition.
  if (!verdict && /^failed/i.test(failed.get('action') ?? ''))
    verdict = {
      kind: 'hard_bounce',
      status: '5.0.0',
      diagnostic: diagnostic ? typedAddress(diagnostic) : null,
    };
  return { verdict, recipient };
}

const BOUNCE_SENDER = /mailer-daemon|postmaster|mail delivery (subsystem|system)/i;
const BOUNCE_SUBJECT =
  /undeliver|undelivered|delivery (status notification|failure|has failed|failed)|returned mail|failure notice|non[- ]?delivery|could not be delivered|mail delivery failed|delivery status/i;

/** Non-standard bounces: a mailer daemon's plain text with an enhanced status (or SMTP) code. */
function plainVerdict(parsed: ParsedMail, nullSender: boolean): ReportVerdict {
  const from = parsed.from?.text ?? '';
  const subject = parsed.subject ?? '';
  if (!nullSender && !BOUNCE_SENDER.test(from) && !BOUNCE_SUBJECT.test(subject)) return null;
  const text = parsed.text ?? '';
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const match = STATUS.exec(line);
    if (match && match[1] !== '2') return verdictFromStatus(match[0], line.trim());
  }
  // Only a basic SMTP reply code ("550 No such user"): 5yz is permanent, 4yz temporary.
  for (const line of lines) {
    const match = /(?:^|[\s:(])([45])([0-5])(\d)[\s-]/.exec(`${line} `);
    if (match) {
      const status = match[1] === '5' ? '5.0.0' : '4.0.0';
      return {
        kind: match[1] === '5' ? 'hard_bounce' : 'soft_bounce',
        status,
        diagnostic: line.trim(),
      };
    }
  }
  return null;
}

async function enclosedMessageId(parsed: ParsedMail): Promise<string | null> {
  for (const part of parsed.attachments) {
    const type = part.contentType.toLowerCase();
    if (type === 'message/rfc822' || type === 'text/rfc822-headers' || type === 'message/rfc822-headers') {
      // The enclosed message (or its headers) is itself read by mailparser.
      const inner = await simpleParser(Buffer.concat([part.content, Buffer.from('\r\n\r\n')]), {
        skipHtmlToText: true,
        skipTextToHtml: true,
        skipImageLinks: true,
      });
      if (inner.messageId) return inner.messageId;
    }
  }
  return null;
}

export async function readReport(raw: Buffer, input: { nullSender: boolean }): Promise<ReadReport> {
  // keepDeliveryStatus: the message/delivery-status part stays a part of its own instead of
  // being folded into the text.
  const parsed = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: false,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const contentType = parsed.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  const reportType = (contentType?.params?.['report-type'] ?? '').toLowerCase();
  const part = (type: string) =>
    parsed.attachments.find((attachment) => attachment.contentType.toLowerCase() === type);
  const eventId = parsed.messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  const base = {
    eventId,
    subject: parsed.subject ?? '',
    originalMessageId: await enclosedMessageId(parsed),
  };

  const feedback = part('message/feedback-report');
  if (feedback || reportType === 'feedback-report') {
    const fields = readFieldGroups(feedback?.content.toString('utf8') ?? '')[0] ?? new Map<string, string>();
    const feedbackType = (fields.get('feedback-type') ?? 'abuse').toLowerCase();
    return {
      ...base,
      kind: 'feedback_report',
      verdict:
        feedbackType === 'not-spam'
          ? { kind: 'ignore', why: 'feedback-type not-spam' }
          : { kind: 'complaint', feedbackType },
      originalMailFrom: typedAddress(fields.get('original-mail-from')),
      recipient: typedAddress(fields.get('original-rcpt-to')),
    };
  }

  const status = part('message/delivery-status') ?? part('message/global-delivery-status');
  if (status) {
    const { verdict, recipient } = deliveryStatusVerdict(status.content.toString('utf8'));
    return { ...base, kind: 'delivery_status', verdict, originalMailFrom: null, recipient };
  }

  const verdict = plainVerdict(parsed, input.nullSender);
  return {
    ...base,
    kind: verdict ? 'plain' : 'other',
    verdict,
    originalMailFrom: null,
    recipient: null,
  };
}
