import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures: HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>` with
 * the secret's bytes (the base64 after `whsec_`), sent as `webhook-signature: v1,<base64>`.
 */
export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const digest = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}
