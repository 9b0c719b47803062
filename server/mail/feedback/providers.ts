import { createPublicKey, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { parseVerpAddress, domainOf } from '../verp.ts';
import { messageIdFromHeader, type FeedbackEvent } from './feedback.service.ts';
import type { BounceReason } from './reasons.ts';

/**
 * Provider webhooks for senders who go through a sending service instead of their own relay:
 * Amazon SES (notifications delivered by SNS) and SendGrid's signed event webhook. Each one's
 * signature is checked its own way; what they report becomes the same FeedbackEvents the inbound
 * SMTP receiver produces.
 */

// ---------------------------------------------------------------- Amazon SNS

export type SnsMessage = {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  SubscribeURL?: string;
  Token?: string;
};

/** Fetches a URL's body as text (the signing certificate, the subscription confirmation). */
export type FetchText = (url: string) => Promise<string>;

export const defaultFetchText: FetchText = async (url) => {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.text();
};

/** Only SNS's own https hosts (sns.<region>.amazonaws.com) may hand us a certificate or a confirmation. */
export function isSnsUrl(value: string | undefined): boolean {
  if (!value) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname)
  );
}

const NOTIFICATION_FIELDS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_FIELDS = [
  'Message',
  'MessageId',
  'SubscribeURL',
  'Timestamp',
  'Token',
  'TopicArn',
  'Type',
] as const;

/** The text SNS signed: "Name\nvalue\n" for each field of the message's type, in this order. */
export function snsStringToSign(message: SnsMessage): string {
  const fields = message.Type === 'Notification' ? NOTIFICATION_FIELDS : SUBSCRIPTION_FIELDS;
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
}

/** Verifies SNS message signatures; certificates are fetched once per URL and kept. */
export function createSnsVerifier(fetchText: () => FetchText) {
  const certificates = new Map<string, Promise<KeyObject>>();
  const keyOf = (url: string) => {
    let key = certificates.get(url);
    if (!key) {
      key = fetchText()(url).then((pem) => new X509Certificate(pem).publicKey);
      // A failed fetch is not kept: the next message tries again.
      key.catch(() => certificates.delete(url));
      certificates.set(url, key);
    }
    return key;
  };
  return async function verify(message: SnsMessage): Promise<boolean> {
    if (!isSnsUrl(message.SigningCertURL)) return false;
    const algorithm =
      message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : null;
    if (!algorithm || typeof message.Signature !== 'string') return false;
    const key = await keyOf(message.SigningCertURL);
    return createVerify(algorithm)
      .update(snsStringToSign(message), 'utf8')
      .verify(key, Buffer.from(message.Signature, 'base64'));
  };
}

export function parseSnsMessage(body: string): SnsMessage | null {
  try {
    const value = JSON.parse(body) as Partial<SnsMessage>;
    if (
      typeof value.Type === 'string' &&
      typeof value.MessageId === 'string' &&
      typeof value.Message === 'string' &&
      typeof value.Timestamp === 'string' &&
      typeof value.TopicArn === 'string' &&
      typeof value.Signature === 'string' &&
      typeof value.SigningCertURL === 'string' &&
      typeof value.SignatureVersion === 'string'
    )
      return value as SnsMessage;
  } catch {
    // Not JSON: not a message.
  }
  return null;
}

type SesRecipient = { emailAddress?: string; status?: string; diagnosticCode?: string; action?: string };
type SesNotification = {
  notificationType?: string;
  eventType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: SesRecipient[] };
  complaint?: { complainedRecipients?: SesRecipient[]; complaintFeedbackType?: string };
  mail?: {
    source?: string;
    commonHeaders?: { messageId?: string };
    headers?: { name?: string; value?: string }[];
  };
};

/** Which message an SES notification is about: our Message-ID header, else the VERP envelope. */
function sesTarget(mail: SesNotification['mail']): FeedbackEvent['target'] | null {
  const header =
    mail?.commonHeaders?.messageId ??
    mail?.headers?.find((item) => item.name?.toLowerCase() === 'message-id')?.value;
  const id = messageIdFromHeader(header);
  if (id) return { messageId: id };
  const source = mail?.source?.replace(/^.*<|>.*$/g, '');
  const verp = source ? parseVerpAddress(source, [domainOf(source)]) : null;
  return verp?.kind === 'bounce' ? { token: verp.token } : null;
}

const SES_SUBTYPE_REASONS: Record<string, BounceReason> = {
  NoEmail: 'userunknown',
  Suppressed: 'userunknown',
  OnAccountSuppressionList: 'userunknown',
  MailboxFull: 'mailboxfull',
  MessageTooLarge: 'mesgtoobig',
  ContentRejected: 'contenterror',
  AttachmentRejected: 'contenterror',
};

/** An SES Bounce or Complaint notification (the SNS Message) as feedback events; others: none. */
export function sesEvents(messageText: string, snsMessageId: string): FeedbackEvent[] {
  let notification: SesNotification;
  try {
    notification = JSON.parse(messageText) as SesNotification;
  } catch {
    return [];
  }
  const type = notification.notificationType ?? notification.eventType;
  const target = sesTarget(notification.mail);
  if (!target) return [];
  const base = { target, source: 'ses' as const, eventId: snsMessageId };
  if (type === 'Bounce') {
    const permanent = notification.bounce?.bounceType === 'Permanent';
    const recipient = notification.bounce?.bouncedRecipients?.[0] ?? {};
    // SES's own sub-types name the reason when the diagnostic does not (or is empty); "General"
    // leaves it to the diagnostic (a DMARC rejection is "Permanent / General" too).
    const reason = permanent ? SES_SUBTYPE_REASONS[notification.bounce?.bounceSubType ?? ''] : undefined;
    return [
      {
        ...base,
        ...(reason && !recipient.diagnosticCode ? { reason } : {}),
        kind: permanent ? 'hard_bounce' : 'soft_bounce',
        status: recipient.status ?? (permanent ? '5.0.0' : '4.0.0'),
        diagnostic:
          recipient.diagnosticCode ??
          [notification.bounce?.bounceType, notification.bounce?.bounceSubType].filter(Boolean).join(' / '),
      },
    ];
  }
  if (type === 'Complaint') {
    const feedbackType = notification.complaint?.complaintFeedbackType;
    if (feedbackType === 'not-spam') return [];
    return [
      { ...base, kind: 'complaint', diagnostic: feedbackType ? `feedback-type: ${feedbackType}` : null },
    ];
  }
  return [];
}

// ---------------------------------------------------------------- How old a signed event may be

/**
 * A valid signature proves who wrote an event, not when: a captured request could be replayed
 * for ever. Each provider's events are refused past its documented window:
 * - SNS (SES): its HTTP delivery policy retries for at most an hour (the `Timestamp` stays the
 *   publication time across retries), so one hour;
 * - SendGrid: its signed timestamp is when the request was made; five minutes, the window of its
 *   own verification helpers (and Stripe's and Standard Webhooks');
 * A clock up to five minutes ahead of ours is allowed either way.
 */
export const SNS_MAX_AGE_SECONDS = 60 * 60;
export const SENDGRID_MAX_AGE_SECONDS = 5 * 60;
const CLOCK_SKEW_SECONDS = 5 * 60;

export function isFreshTimestamp(atMs: number, now: Date, maxAgeSeconds: number): boolean {
  if (!Number.isFinite(atMs)) return false;
  const age = (now.getTime() - atMs) / 1000;
  return age <= maxAgeSeconds && age >= -CLOCK_SKEW_SECONDS;
}

/** SNS's `Timestamp` (ISO 8601) within the hour its retries may take. */
export const isFreshSnsMessage = (message: SnsMessage, now: Date) =>
  isFreshTimestamp(Date.parse(message.Timestamp), now, SNS_MAX_AGE_SECONDS);

/** SendGrid's signed timestamp header (seconds since the epoch) within five minutes. */
export const isFreshSendgridTimestamp = (timestamp: string | undefined, now: Date) =>
  /^\d{1,12}$/.test(timestamp ?? '') &&
  isFreshTimestamp(Number(timestamp) * 1000, now, SENDGRID_MAX_AGE_SECONDS);

// ---------------------------------------------------------------- SendGrid

export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** SendGrid's verification key as it shows it (base64 DER), or as PEM. */
export function sendgridPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  return createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
}

/** ECDSA (P-256, SHA-256) over the timestamp header followed by the raw body, as SendGrid signs. */
export function verifySendgrid(
  key: KeyObject,
  input: { signature: string | undefined; timestamp: string | undefined; rawBody: string },
): boolean {
  if (!input.signature || !input.timestamp) return false;
  try {
    return createVerify('sha256')
      .update(input.timestamp + input.rawBody, 'utf8')
      .verify(key, Buffer.from(input.signature, 'base64'));
  } catch {
    return false;
  }
}

type SendgridEvent = {
  email?: string;
  event?: string;
  type?: string;
  reason?: string;
  status?: string;
  sg_event_id?: string;
  sg_message_id?: string;
  'smtp-id'?: string;
};

/** SendGrid's bounce, dropped and spamreport events as feedback events (others are not ours). */
export function sendgridEvents(body: string): FeedbackEvent[] | null {
  let events: SendgridEvent[];
  try {
    const parsed = JSON.parse(body) as unknown;
    if (!Array.isArray(parsed)) return null;
    events = parsed as SendgridEvent[];
  } catch {
    return null;
  }
  return events.flatMap((event): FeedbackEvent[] => {
    const id = messageIdFromHeader(event['smtp-id']);
    if (!id) return [];
    const base = {
      target: { messageId: id },
      source: 'sendgrid' as const,
      eventId: event.sg_event_id ?? `${event.sg_message_id ?? ''}:${event.event ?? ''}`,
      diagnostic: event.reason ?? null,
    };
    if (event.event === 'spamreport') return [{ ...base, kind: 'complaint' }];
    if (event.event === 'bounce') {
      // type "blocked" is SendGrid's temporary kind of bounce.
      const soft = event.type === 'blocked' || /^4/.test(event.status ?? '');
      return [
        {
          ...base,
          kind: soft ? 'soft_bounce' : 'hard_bounce',
          status: event.status ?? (soft ? '4.0.0' : '5.0.0'),
        },
      ];
    }
    if (event.event === 'dropped') {
      // Dropped because SendGrid already knows the address as bad, reported or unsubscribed.
      const reason = event.reason ?? '';
      if (/spam/i.test(reason)) return [{ ...base, kind: 'complaint' }];
      if (/unsubscrib/i.test(reason)) return [{ ...base, kind: 'unsubscribe' }];
      // SendGrid drops an address it saw hard-bounce before: the address is bad.
      if (/bounce|invalid/i.test(reason))
        return [{ ...base, kind: 'hard_bounce', status: '5.0.0', reason: 'userunknown' }];
    }
    return [];
  });
}
