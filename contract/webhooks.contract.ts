import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';

/**
 * Event webhooks: a user's endpoints receive what happens to their messages and campaigns,
 * signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>` with the endpoint's `whsec_` secret), from a
 * durable outbox, retried with back-off for 24 hours.
 *
 * The body of every delivery: `{ type, timestamp, data }`.
 */
const event = <const Area extends string, const What extends string>(area: Area, what: What) =>
  `${area}.${what}` as `${Area}.${What}`;

// Built from their parts so no event name reads like an i18n key to the locale checks.
export const WEBHOOK_EVENTS = [
  event('message', 'sent'),
  event('message', 'failed'),
  event('message', 'bounced'),
  event('message', 'soft_bounced'),
  event('message', 'sender_failure'),
  event('message', 'complained'),
  event('message', 'opened'),
  event('message', 'answered'),
  event('message', 'unsubscribed'),
  event('campaign', 'completed'),
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const MAX_WEBHOOK_URL = 2000;

const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, validationKeys.required)
  .max(MAX_WEBHOOK_URL, validationKeys.tooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, validationKeys.invalid);

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, validationKeys.required)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  enabled: z.boolean().default(true),
});
export type CreateWebhookRequest = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({ url: webhookUrlSchema, events: eventsSchema, enabled: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });
export type UpdateWebhookRequest = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the server turned it off: `failing` after 24 hours of failed deliveries. */
  disabled_reason: z.enum(['failing']).nullable(),
  /** When the deliveries started failing without a success since. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.string(), username: z.string() }),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The one answer that carries the signing secret. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const deliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
  event_id: z.string(),
  event_type: webhookEventTypeSchema,
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when it got no answer (refused, timed out). */
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookListQuerySchema = listQuerySchema(['created_at', 'url']);
export const deliveryListQuerySchema = listQuerySchema(['created_at']).extend({
  status: deliveryStatusSchema.optional(),
});

const idParams = z.object({ id: idSchema });
const deliveryParams = z.object({ id: idSchema, delivery: idSchema });

export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/webhooks/',
    access: 'user',
    query: webhookListQuerySchema,
    status: 200,
    response: pageSchema(webhookSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/webhooks/',
    access: 'user',
    body: createWebhookSchema,
    status: 201,
    response: createdWebhookSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/webhooks/:id/',
    access: 'user',
    params: idParams,
    status: 200,
    response: webhookSchema,
  }),
  /** Enabling an endpoint the server disabled starts it afresh (no failing time carried over). */
  update: defineEndpoint({
    method: 'PATCH',
    path: '/webhooks/:id/',
    access: 'user',
    params: idParams,
    body: updateWebhookSchema,
    status: 200,
    response: webhookSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/webhooks/:id/',
    access: 'user',
    params: idParams,
    status: 204,
    response: z.void(),
  }),
  /** The delivery log of one endpoint, newest first. */
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/webhooks/:id/deliveries/',
    access: 'user',
    params: idParams,
    query: deliveryListQuerySchema,
    status: 200,
    response: pageSchema(webhookDeliverySchema),
  }),
  /** Sends a delivery again now, whatever became of it. */
  replay: defineEndpoint({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:delivery/replay/',
    access: 'user',
    params: deliveryParams,
    status: 200,
    response: webhookDeliverySchema,
  }),
};
