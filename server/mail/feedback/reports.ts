import { createHash } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { detectMta } from './bounce-mta.ts';
import { classifyBounce, enhancedStatus, replyCodeOf } from './classify.ts';
import { decideReason, type BounceDecision, type BounceReason, type BounceType } from './reasons.ts';

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
export type ReportKind = 'delivery_status' | 'feedback_report' | 'plain' | 'auto_reply' | 'other';

/** What the report says about one recipient. */
export type ReportBounce = {
  /** The recipient as the report names it (Final-Recipient, X-Failed-Recipients, the text). */
  recipient: string | null;
  reason: BounceReason;
  decision: BounceDecision;
  bounceType: BounceType | null;
  /** Enhanced status code (5.1.1), else the SMTP reply code (550), else null. */
  status: string | null;
  diagnostic: string | null;
  /** For complaints: the ARF Feedback-Type (abuse, opt-out, ...). */
  feedbackType: string | null;
};

export type ReadReport = {
  kind: ReportKind;
  /** The reporting system's family (bounce-mta.ts), '' when unknown. */
  mta: string;
  /** One entry per recipient the report names; empty when it could not be read. */
  bounces: ReportBounce[];
  /** The DSN's own Message-ID, else a hash of its bytes: the same report read twice has the same id. */
  eventId: string;
  subject: string;
  /** Message-ID of the returned original (enclosed message or headers), if any. */
  originalMessageId: string | null;
  /** Envelope sender of the original (ARF Original-Mail-From), if given. */
  originalMailFrom: string | null;
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
    // Some MTAs (AOL) run the recipients' groups together: a new Final-Recipient after an
    // Action starts the next recipient's group.
    if ((last === 'final-recipient' || last === 'original-recipient') && current.has('action')) {
      groups.push(current);
      current = new Map();
    }
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

function bounceOf(input: {
  recipient: string | null;
  reason: BounceReason;
  status: string | null;
  diagnostic: string | null;
  feedbackType?: string | null;
  action?: string | null;
  /** The words the reason was read from, when more than the diagnostic. */
  words?: string;
}): ReportBounce {
  // A temporary failure (a delay, a 4.x.x status) never proves
  // the address bad, whatever its words.
  const action = (input.action ?? '').toLowerCase();
  // "No MX found" is no passing state of the DNS, delayed or not (OpenSMTPD reports it delayed).
  const definitive = /no mx found for domain|domain does not exist/i.test(
    input.words ?? input.diagnostic ?? '',
  );
  const temporary = !definitive && (action.startsWith('delayed') || /^4/.test(input.status ?? ''));
  const { decision, bounceType } = decideReason(input.reason, temporary);
  const { action: _action, words: _words, ...rest } = input;
  return { ...rest, feedbackType: input.feedbackType ?? null, decision, bounceType };
}

/** The enhanced status, else the reply code: the one code kept on the message. */
function codeOf(status: string | null, text: string): string | null {
  const enhanced = enhancedStatus(status) ?? enhancedStatus(text);
  if (enhanced && !/\.0\.0$/.test(enhanced)) return enhanced;
  return replyCodeOf(text) ?? enhanced;
}

/**
 * The report's own words, without the returned original: what a person reads above "this is a
 * copy of your message". Formats without a DSN part keep their diagnostic there.
 */
const ORIGINAL_MARKERS = [
  /^[-\s]*(original message|this is a copy of|below this line is a copy|the header of the original|original message follows|returned message|message text follows|unsent message below|original message header|included is a copy|the original message was received)/im,
  /^\s*(Return-Path|Received|DKIM-Signature|X-Google-DKIM-Signature|ARC-Seal|Message-ID):\s/im,
  /^>\s*(Return-Path|Received):\s/im,
  /^-{2,}\s*(message|original)/im,
];

export function humanText(parsed: ParsedMail, raw?: string): string {
  let text = parsed.text ?? '';
  // A body mailparser could not place (parts in a structure it does not follow): the raw body.
  if (!text.trim() && !parsed.html && raw) text = raw.slice(Math.max(0, raw.search(/\r?\n\r?\n/)));
  if (!text.trim() && typeof parsed.html === 'string')
    text = parsed.html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  let end = text.length;
  for (const marker of ORIGINAL_MARKERS) {
    const match = marker.exec(text);
    // A marker in the first few characters is no marker: the whole text is the report.
    if (match && match.index > 40 && match.index < end) end = match.index;
  }
  return text.slice(0, end).slice(0, 8000);
}

/** The lines of a report's text about one recipient (when it names several), else all of it. */
function aboutRecipient(human: string, recipient: string | null): string {
  const blocks = recipientBlocks(human);
  if (!recipient || blocks.length < 2) return human;
  return blocks.find((block) => block.recipient === recipient.toLowerCase())?.text ?? human;
}

/**
 * Plain-text reports list each recipient on a line of its own (`<a@b>:` in qmail and Yahoo,
 * `a@b` in Exchange and OpenSMTPD) followed by what happened to it: one block per recipient.
 */
function recipientBlocks(text: string): { recipient: string; text: string }[] {
  const starts = [
    ...text.matchAll(/^[ \t]*<?([A-Za-z0-9._%+'=-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})>?:?(?:[ \t]|$)/gm),
  ];
  const blocks = starts.map((match, index) => ({
    recipient: match[1]!.toLowerCase(),
    text: text.slice(match.index, starts[index + 1]?.index ?? text.length),
  }));
  // Exim lists the recipients twice (the failures, then the header of the copy): the first wins.
  return blocks.filter(
    (block, index) => blocks.findIndex((other) => other.recipient === block.recipient) === index,
  );
}

function deliveryStatusBounces(statusText: string, human: string, mta: string): ReportBounce[] {
  const groups = readFieldGroups(statusText);
  // The first group is per-message (Reporting-MTA); then one per recipient.
  const recipients = groups.filter((group) => group.has('action') || group.has('final-recipient'));
  return recipients.map((group) => {
    const action = group.get('action') ?? null;
    const rawDiagnostic = group.get('diagnostic-code') ?? null;
    const diagnostic = rawDiagnostic ? typedAddress(rawDiagnostic) : null;
    const status = enhancedStatus(group.get('status')) ?? null;
    // A DSN without a diagnostic (or with a bare code) is read with its human part, which often
    // says more ("Mailbox full", "Delivery to the following recipient has been delayed").
    const recipient = typedAddress(group.get('final-recipient') ?? group.get('original-recipient'));
    const words =
      diagnostic && diagnostic.replace(/[\d.\s#-]/g, '').length > 3
        ? diagnostic
        : `${diagnostic ?? ''} ${aboutRecipient(human, recipient)}`;
    const reason = classifyBounce({
      mta,
      status,
      replyCode: replyCodeOf(diagnostic),
      diagnostic: words,
      action,
      context: human,
    });
    return bounceOf({
      recipient,
      reason,
      status: codeOf(status, diagnostic ?? ''),
      diagnostic,
      action,
      words,
    });
  });
}

const BOUNCE_SENDER =
  /mailer-daemon|post_?master|mail delivery (subsystem|system)|mailer_daemon|mail administrator|system administrator/i;
const BOUNCE_SUBJECT =
  /undeliver|undelivered|delivery (status notification|failure|has failed|failed|notification)|returned mail|failure notice|non[- ]?delivery|could not be delivered|mail delivery failed|delivery status|mail system error|delivery report|rejected|warning: could not send|nicht zustellbar|mail failure|send failure|returned to sender|delivery problem|message not delivered/i;
const AUTO_REPLY_SUBJECT =
  /^(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|autoreply|auto:|abwesenheit|absence|vacation)/i;

function addressesIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/<?([A-Za-z0-9._%+'"=-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})>?/g))
    found.add(match[1]!.toLowerCase());
  return [...found];
}

/** A bounce without a DSN part: a mailer daemon's plain text (qmail, Exchange 2003, Yahoo...). */
function plainBounces(parsed: ParsedMail, mta: string, nullSender: boolean, raw: string): ReportBounce[] {
  const from = parsed.from?.text ?? '';
  const subject = parsed.subject ?? '';
  const text = humanText(parsed, raw);
  const looksLikeBounce =
    nullSender ||
    BOUNCE_SENDER.test(from) ||
    BOUNCE_SUBJECT.test(subject) ||
    parsed.headers.has('x-failed-recipients') ||
    mta !== '';
  if (!looksLikeBounce) return [];
  const failed = String(parsed.headers.get('x-failed-recipients') ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  const blocks = recipientBlocks(text);
  const distinct = new Set(blocks.map((block) => block.recipient));
  if (distinct.size > 1) {
    // Several recipients, each with its own words: each one is decided on its own.
    return blocks.map((block) => {
      const status = enhancedStatus(block.text);
      const reason = classifyBounce({
        mta,
        status,
        replyCode: replyCodeOf(block.text),
        diagnostic: block.text,
        action: null,
        context: text,
      });
      const diagnostic = block.text.replace(/\s+/g, ' ').trim().slice(0, 1000) || null;
      return bounceOf({ recipient: block.recipient, reason, status: codeOf(status, block.text), diagnostic });
    });
  }
  const recipients = failed.length > 0 ? failed : addressesIn(text).slice(0, 1);
  const status = enhancedStatus(text);
  const reason = classifyBounce({
    mta,
    status,
    replyCode: replyCodeOf(text),
    diagnostic: text,
    action: null,
  });
  // Nothing in the words, no code at all: not a report we can read.
  if (reason === 'undefined' && !status && !replyCodeOf(text) && !BOUNCE_SUBJECT.test(subject)) return [];
  const diagnostic = text.replace(/\s+/g, ' ').trim().slice(0, 1000) || null;
  return (recipients.length > 0 ? recipients : [null]).map((recipient) =>
    bounceOf({ recipient, reason, status: codeOf(status, text), diagnostic }),
  );
}

/** Amazon SES notifications mailed by SNS (an e-mail subscription): the JSON in the body. */
function sesMailBounces(text: string): ReportBounce[] | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let notification: {
    notificationType?: string;
    bounce?: {
      bounceType?: string;
      bouncedRecipients?: { emailAddress?: string; status?: string; diagnosticCode?: string }[];
    };
    complaint?: { complainedRecipients?: { emailAddress?: string }[]; complaintFeedbackType?: string };
  };
  try {
    notification = JSON.parse(text.slice(start, end + 1).replace(/\s*\n\s*/g, '')) as typeof notification;
  } catch {
    return null;
  }
  if (notification.notificationType === 'Complaint') {
    const feedbackType = notification.complaint?.complaintFeedbackType ?? 'abuse';
    return (notification.complaint?.complainedRecipients ?? [{}]).map((recipient) =>
      bounceOf({
        recipient: recipient.emailAddress ?? null,
        reason: feedbackType === 'not-spam' ? 'delivered' : 'feedback',
        status: null,
        diagnostic: `feedback-type: ${feedbackType}`,
        feedbackType,
      }),
    );
  }
  if (notification.notificationType === 'Bounce') {
    return (notification.bounce?.bouncedRecipients ?? []).map((recipient) => {
      const diagnostic = recipient.diagnosticCode ?? '';
      const status = enhancedStatus(recipient.status) ?? enhancedStatus(diagnostic);
      return bounceOf({
        recipient: recipient.emailAddress ?? null,
        reason: classifyBounce({
          mta: 'amazonses',
          status,
          replyCode: replyCodeOf(diagnostic),
          diagnostic,
          action: 'failed',
        }),
        status: codeOf(status, diagnostic),
        diagnostic: diagnostic || null,
      });
    });
  }
  return null;
}

async function enclosedMessages(parsed: ParsedMail): Promise<ParsedMail[]> {
  const found: ParsedMail[] = [];
  for (const part of parsed.attachments) {
    const type = part.contentType.toLowerCase();
    if (type === 'message/rfc822' || type === 'text/rfc822-headers' || type === 'message/rfc822-headers') {
      // The enclosed message (or its headers) is itself read by mailparser.
      found.push(
        await simpleParser(Buffer.concat([part.content, Buffer.from('\r\n\r\n')]), {
          skipHtmlToText: true,
          skipTextToHtml: true,
          skipImageLinks: true,
        }),
      );
    }
  }
  return found;
}

const complaint = (recipient: string | null, feedbackType: string) =>
  bounceOf({
    recipient,
    reason: feedbackType === 'not-spam' ? 'delivered' : 'feedback',
    status: null,
    diagnostic: `feedback-type: ${feedbackType}`,
    feedbackType,
  });

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
  const enclosed = await enclosedMessages(parsed);
  const mta = detectMta(parsed);
  const base = {
    eventId,
    mta,
    subject: parsed.subject ?? '',
    originalMessageId: enclosed.find((message) => message.messageId)?.messageId ?? null,
    originalMailFrom: null as string | null,
  };

  const feedback = part('message/feedback-report');
  if (feedback || reportType === 'feedback-report') {
    const fields = readFieldGroups(feedback?.content.toString('utf8') ?? '')[0] ?? new Map<string, string>();
    const feedbackType = (fields.get('feedback-type') ?? 'abuse').toLowerCase();
    const named = [
      typedAddress(fields.get('original-rcpt-to')),
      ...(fields.get('removal-recipient') ? [typedAddress(fields.get('removal-recipient'))] : []),
    ].filter((address): address is string => Boolean(address));
    const recipients =
      named.length > 0 ? [...new Set(named)] : [enclosed[0]?.to ? addressOf(enclosed[0]) : null];
    return {
      ...base,
      kind: 'feedback_report',
      bounces: recipients.map((recipient) => complaint(recipient, feedbackType)),
      originalMailFrom: typedAddress(fields.get('original-mail-from')),
    };
  }

  // Microsoft JMRP: the complained-about message, forwarded whole, with the recipient in
  // X-HmXmrOriginalRecipient (no feedback-report part).
  // mailparser folds that message into the text, so its header is looked for in the raw bytes.
  const source = raw.toString('latin1');
  const jmrp = /^X-HmXmrOriginalRecipient:[ \t]*<?([^\s>]+)>?/im.exec(source);
  if (jmrp) {
    const returnPath = /^X-HmXmrOriginalRecipient:[\s\S]*?^Return-Path:[ \t]*<?([^\s>]*)>?/im.exec(source);
    return {
      ...base,
      kind: 'feedback_report',
      bounces: [complaint(jmrp[1]!, 'abuse')],
      originalMailFrom: returnPath?.[1] || null,
    };
  }

  // Apple Mail's "unsubscribe" by mail (X-Apple-Unsubscribe): the recipient opting out.
  if (String(parsed.headers.get('x-apple-unsubscribe') ?? '') === 'true') {
    return { ...base, kind: 'feedback_report', bounces: [complaint(addressOf(parsed, 'from'), 'opt-out')] };
  }

  const status = part('message/delivery-status') ?? part('message/global-delivery-status');
  if (status) {
    const bounces = deliveryStatusBounces(decoded(status.content), humanText(parsed), mta);
    return { ...base, kind: 'delivery_status', bounces };
  }

  // A report whose MIME structure is broken (boundaries that are never opened): its
  // delivery-status fields stand in the body as text.
  const body = parsed.text ?? (parsed.html ? '' : source.slice(source.search(/\r?\n\r?\n/)));
  if (/^Action:\s*\w+/im.test(body) && /^(Final|Original)-Recipient:/im.test(body)) {
    const bounces = deliveryStatusBounces(
      body.slice(body.search(/^(Reporting-MTA|Final-Recipient|Original-Recipient):/im)),
      body,
      mta,
    );
    if (bounces.length > 0) return { ...base, kind: 'delivery_status', bounces };
  }

  const text = parsed.text ?? '';
  if (
    /amazonaws\.com|amazonses/i.test(String(parsed.from?.text ?? '')) &&
    text.includes('"notificationType"')
  ) {
    const bounces = sesMailBounces(text);
    if (bounces) return { ...base, kind: 'feedback_report', bounces };
  }

  const from = parsed.from?.text ?? '';
  const autoSubmitted = String(parsed.headers.get('auto-submitted') ?? '').toLowerCase();
  const isDaemon = BOUNCE_SENDER.test(from) || BOUNCE_SUBJECT.test(parsed.subject ?? '');
  if (
    !isDaemon &&
    (autoSubmitted.startsWith('auto-replied') ||
      AUTO_REPLY_SUBJECT.test(parsed.subject ?? '') ||
      parsed.headers.has('x-autoreply') ||
      parsed.headers.has('x-autorespond') ||
      /auto_reply/i.test(String(parsed.headers.get('precedence') ?? '')))
  ) {
    const recipient = addressOf(parsed, 'from');
    return {
      ...base,
      kind: 'auto_reply',
      bounces: [
        bounceOf({ recipient, reason: 'vacation', status: null, diagnostic: parsed.subject ?? null }),
      ],
    };
  }

  const bounces = plainBounces(parsed, mta, input.nullSender, source);
  return { ...base, kind: bounces.length > 0 ? 'plain' : 'other', bounces };
}

/** A delivery-status part as text: UTF-8, or ISO-2022-JP where Japanese MTAs (Domino) wrote it. */
function decoded(content: Buffer): string {
  const text = content.toString('utf8');
  if (!text.includes('\u001b$B')) return text;
  try {
    return new TextDecoder('iso-2022-jp').decode(content);
  } catch {
    return text;
  }
}

function addressText(value: unknown): string | null {
  const text =
    typeof value === 'object' && value && 'text' in value ? String(value.text) : String(value ?? '');
  return addressesIn(text)[0] ?? null;
}

function addressOf(message: ParsedMail, field: 'to' | 'from' = 'to'): string | null {
  const value = message[field];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? addressText(first) : null;
}
