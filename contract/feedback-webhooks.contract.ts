import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Bounce and complaint webhooks of sending services (issue 16). Public: each is authenticated by
 * its provider's own signature, checked over the raw body, so the body is taken as text.
 */
const received = z.object({
  /** Reports applied (a repeated delivery of the same report counts 0). */
  applied: z.number().int(),
});

export const feedbackWebhookEndpoints = {
  /** Amazon SES notifications delivered by SNS (HTTPS subscription; raw message delivery off). */
  ses: defineEndpoint({
    method: 'POST',
    path: '/public/feedback/ses/',
    access: 'public',
    body: z.string(),
    status: 200,
    response: received,
  }),
  /** SendGrid's signed event webhook (bounce, dropped, spamreport). */
  sendgrid: defineEndpoint({
    method: 'POST',
    path: '/public/feedback/sendgrid/',
    access: 'public',
    body: z.string(),
    status: 200,
    response: received,
  }),
};
