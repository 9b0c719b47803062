import { z } from 'zod';
import type { WebhookEventType } from './webhooks.contract.ts';

/**
 * What each event webhook carries, for the OpenAPI document's `webhooks` section (typed clients
 * get every payload). The body is `{ type, timestamp, data }` (server/modules/webhooks/events.ts);
 * message events' data always holds `message_id`, `campaign_id` and `email` (message-events.ts).
 */
const messageBase = {
  message_id: z.string().describe('The message, as `GET /logs/email/{campaign}/messages/` lists it'),
  campaign_id: z.string(),
  email: z.string(),
};

/** What every bounce event carries next to the message (feedback.service.ts). */
const bounceData = {
  ...messageBase,
  bounce_code: z.string().nullable(),
  bounce_diagnostic: z.string().nullable(),
  bounce_reason: z
    .string()
    .describe("The reason in Sisimai's vocabulary (userunknown, mailboxfull, authfailure...)"),
  source: z.string().describe('Where the bounce came from: smtp, ses or sendgrid'),
};
const softCount = z.number().int().describe("The message's soft bounces so far, this one included");

export const webhookEventData: Record<WebhookEventType, { summary: string; data: z.ZodType }> = {
  'message.sent': {
    summary: 'A message was accepted by the receiving server',
    data: z.object({ ...messageBase, sent_at: z.string() }),
  },
  'message.failed': {
    summary: 'A message finally failed (its credit is refunded)',
    data: z.object({ ...messageBase, response: z.string().describe("The receiving server's last answer") }),
  },
  'message.bounced': {
    summary: 'A hard bounce came back for a sent message (the address is bad; it is suppressed)',
    data: z.object({ ...bounceData, bounce_type: z.literal('hard') }),
  },
  'message.soft_bounced': {
    summary: "A soft bounce came back: the mailbox's state (full, suspended, filtering...), not the address",
    data: z.object({ ...bounceData, bounce_type: z.literal('soft'), soft_bounce_count: softCount }),
  },
  'message.sender_failure': {
    summary: "The receiver refused the sender's domain, IP or content (authentication, blocklist, rate)",
    data: z.object({ ...bounceData, bounce_type: z.literal('sender'), soft_bounce_count: softCount }),
  },
  'message.complained': {
    summary: 'The recipient reported the message as spam',
    data: z.object({ ...messageBase, source: z.string() }),
  },
  'message.opened': {
    summary: "The recipient's first (human) open",
    data: z.object({ ...messageBase, opened_at: z.string() }),
  },
  'message.answered': {
    summary: 'The recipient answered the survey',
    data: z.object({
      ...messageBase,
      answer: z.string().optional().describe('Yes/no surveys: yes or no'),
      answers: z.record(z.string(), z.string()).optional().describe('Custom surveys: question -> answer'),
    }),
  },
  'message.unsubscribed': {
    summary: 'The recipient unsubscribed (first time only)',
    data: z.object({ ...messageBase, unsubscribed_at: z.string() }),
  },
  'campaign.completed': {
    summary: 'Every message of a campaign is settled',
    data: z.object({
      campaign_id: z.string(),
      recipients_count: z.number().int(),
      finished_at: z.string(),
    }),
  },
};

export const webhookEnvelope = (type: WebhookEventType) =>
  z.object({
    type: z.literal(type),
    timestamp: z.string().describe('When it happened (ISO 8601)'),
    data: webhookEventData[type].data,
  });
