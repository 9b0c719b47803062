import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhooksConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { t } from '../../lib/i18n.ts';
import type { SystemMailer } from '../../mail/system-mail.ts';
import { renderSystemEmail } from '../../mail/system-templates.ts';
import { guardedLookup, isPrivateAddress } from './address-check.ts';
import { signWebhook } from './signing.ts';
import * as repository from './webhooks.repository.ts';

/** Retries after the first attempt (the Standard Webhooks schedule), within 24 hours of the event. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000];
export const RETRY_FOR_MS = 24 * 3600_000;
/** An endpoint that fails this long without one success is disabled and its owner told. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
/** Deliveries in flight at once, and per endpoint: a slow endpoint holds at most its own share. */
const CONCURRENCY = 16;
const PER_ENDPOINT = 2;
const MAX_ERROR = 300;

export type PostResult = { status: number | null; error: string | null };

/** One POST with a deadline; the answer's body is read and dropped. */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      resolve({ status: null, error: 'refused: private address' });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', (error) =>
          resolve({ status: response.statusCode ?? null, error: error.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: null, error: error.message.slice(0, MAX_ERROR) }));
    request.end(body);
  });
}

/** When attempt `attempts + 1` is due, or null when the 24 hours are over. */
export function nextAttemptAt(createdAt: string, attempts: number, now: Date): string | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? RETRY_DELAYS_MS[0]!;
  const next = now.getTime() + delay;
  return next > Date.parse(createdAt) + RETRY_FOR_MS ? null : new Date(next).toISOString();
}

export type DeliveryDeps = {
  db: Db;
  config: WebhooksConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  systemMailer: SystemMailer;
  publicUrl: string;
};

/**
 * Tells the endpoint's owner it was turned off, in the language they last signed in with
 * (users.language, as the account e-mails use it), with a link to the webhooks screen.
 */
async function tellOwner(deps: DeliveryDeps, endpoint: { url: string; email: string; language: string }) {
  const language = endpoint.language === 'en' ? 'en' : 'ar';
  const { html, text } = renderSystemEmail({
    language,
    heading: t(language, 'developer:mail.disabledHeading'),
    paragraphs: [t(language, 'developer:mail.disabledBody', { url: endpoint.url })],
    button: {
      label: t(language, 'developer:mail.disabledButton'),
      url: `${deps.publicUrl}/#/dashboard/settings/developer/webhooks?lng=${language}`,
    },
  });
  await deps.systemMailer.send({
    to: endpoint.email,
    subject: t(language, 'developer:mail.disabledSubject'),
    html,
    text,
  });
}

async function deliverOne(deps: DeliveryDeps, owner: string, delivery: repository.ClaimedDelivery) {
  // The wall clock, not the app's: receivers compare it with theirs to refuse old replays.
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'ElNamer-Webhooks/1',
    'webhook-id': delivery.event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(delivery.secret, delivery.event_id, timestamp, delivery.payload),
  };
  const started = performance.now();
  const result = await postWebhook(delivery.url, delivery.payload, headers, {
    timeoutMs: deps.config.timeoutMs,
    allowPrivate: deps.config.allowPrivate,
  });
  const latencyMs = Math.round(performance.now() - started);
  const now = deps.now();
  const attempts = delivery.attempts + 1;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const next = ok ? null : nextAttemptAt(delivery.created_at, attempts, now);
  const written = await repository.finishAttempt(deps.db, {
    id: delivery.id,
    owner,
    now,
    status: ok ? 'succeeded' : next ? 'pending' : 'failed',
    attempts,
    nextAttemptAt: next,
    responseStatus: result.status,
    latencyMs,
    error: ok ? null : (result.error ?? `HTTP ${result.status}`),
  });
  if (!written) return;
  if (ok) {
    await repository.markEndpointHealthy(deps.db, delivery.endpoint_id);
    return;
  }
  const endpoint = await repository.markEndpointFailing(deps.db, delivery.endpoint_id, now);
  if (!endpoint?.failing_since || endpoint.enabled !== 1) return;
  if (now.getTime() - Date.parse(endpoint.failing_since) < DISABLE_AFTER_MS) return;
  if (await repository.disableFailingEndpoint(deps.db, endpoint.id, now)) {
    deps.log.warn({ endpoint: endpoint.id }, 'webhook endpoint disabled after 24 hours of failures');
    await tellOwner(deps, endpoint).catch((error: unknown) =>
      deps.log.error({ err: error }, 'could not tell the owner of a disabled webhook endpoint'),
    );
  }
}

/**
 * The loop that sends the outbox: every `pollMs` it takes due deliveries under a lease and sends
 * them without waiting for one another, at most CONCURRENCY in flight and PER_ENDPOINT for any
 * one endpoint, so a slow or dead endpoint never holds up another's deliveries or the sending.
 */
export function startWebhookDelivery(deps: DeliveryDeps) {
  const owner = randomUUID();
  const perEndpoint = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<void> | null = null;

  const track = (delivery: repository.ClaimedDelivery) => {
    perEndpoint.set(delivery.endpoint_id, (perEndpoint.get(delivery.endpoint_id) ?? 0) + 1);
    const job = deliverOne(deps, owner, delivery)
      .catch((error: unknown) => deps.log.error({ err: error }, 'webhook delivery failed to record'))
      .finally(() => {
        const left = (perEndpoint.get(delivery.endpoint_id) ?? 1) - 1;
        if (left > 0) perEndpoint.set(delivery.endpoint_id, left);
        else perEndpoint.delete(delivery.endpoint_id);
        running.delete(job);
      });
    running.add(job);
  };

  const tick = async () => {
    try {
      const free = CONCURRENCY - running.size;
      if (free > 0) {
        const claimed = await repository.claimDue(deps.db, {
          owner,
          now: deps.now(),
          limit: free,
          // A dead process's deliveries are taken again this long after it took them.
          leaseMs: deps.config.timeoutMs + 5_000,
          busy: (endpointId) => (perEndpoint.get(endpointId) ?? 0) >= PER_ENDPOINT,
        });
        // Taken but not sent when stopping: their leases run out and another loop sends them.
        if (!stopped) for (const delivery of claimed) track(delivery);
      }
    } catch (error) {
      if (!stopped) deps.log.error({ err: error }, 'webhook delivery loop');
    }
  };
  const loop = () => {
    if (stopped) return;
    current = tick().finally(() => {
      current = null;
      if (!stopped) timer = setTimeout(loop, deps.config.pollMs);
    });
  };

  timer = setTimeout(loop, 0);

  return {
    /** Stops taking deliveries and waits for those in flight. */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      await Promise.allSettled([...running]);
    },
  };
}
