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
import { guardedLookup, isPrivateAddress, type ResolveAll } from './address-check.ts';
import { pickFair, SLOT_LIMITS, Slots } from './fair-share.ts';
import { signWebhook } from './signing.ts';
import * as repository from './webhooks.repository.ts';

/** Retries after the first attempt (the Standard Webhooks schedule), within 24 hours of the event. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000];
export const RETRY_FOR_MS = 24 * 3600_000;
/** An endpoint that fails this long without one success is disabled and its owner told. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
const MAX_ERROR = 300;

export type PostResult = { status: number | null; error: string | null };

/**
 * One POST under one deadline for the whole request: resolving, connecting, the answer's
 * headers and its body (read and dropped) must all be done within `timeoutMs`. An idle timeout
 * would never end a receiver that trickles a byte a second, and it would hold its slot for ever.
 * A status is kept when the headers came in time, but the attempt counts only with no error.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean; resolve?: ResolveAll | undefined },
): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      resolve({ status: null, error: 'refused: private address' });
      return;
    }
    let status: number | null = null;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ status, error: error?.slice(0, MAX_ERROR) ?? null });
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate, options.resolve) as never,
      },
      (response) => {
        status = response.statusCode ?? null;
        response.resume();
        response.on('end', () => finish(null));
        response.on('error', (error) => finish(error.message));
        response.on('aborted', () => finish('the answer was cut off'));
      },
    );
    const deadline = setTimeout(() => {
      finish(`timeout: the request was not done within ${options.timeoutMs} ms`);
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish(error.message));
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
  /** How webhook hosts are resolved (tests answer for the DNS); `dns.lookup` otherwise. */
  resolve?: ResolveAll;
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
    resolve: deps.resolve,
  });
  const latencyMs = Math.round(performance.now() - started);
  const now = deps.now();
  const attempts = delivery.attempts + 1;
  const ok = result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
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
 * them without waiting for one another, sharing its slots between endpoints and users as
 * `fair-share.ts` says, so a slow or dead endpoint, or one user's many of them, never holds up
 * another user's deliveries or the sending.
 */
export function startWebhookDelivery(deps: DeliveryDeps) {
  const owner = randomUUID();
  const slots = new Slots();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<void> | null = null;

  const track = (delivery: repository.ClaimedDelivery) => {
    slots.take(delivery.user_id, delivery.endpoint_id);
    const job = deliverOne(deps, owner, delivery)
      .catch((error: unknown) => deps.log.error({ err: error }, 'webhook delivery failed to record'))
      .finally(() => {
        slots.release(delivery.user_id, delivery.endpoint_id);
        running.delete(job);
      });
    running.add(job);
  };

  const tick = async () => {
    try {
      const free = SLOT_LIMITS.concurrency - slots.total;
      if (free <= 0) return;
      const now = deps.now();
      const due = await repository.dueDeliveries(deps.db, {
        now,
        limit: free * 4,
        perEndpoint: SLOT_LIMITS.perEndpoint,
        skipEndpoints: slots.fullEndpoints(SLOT_LIMITS),
      });
      for (const delivery of pickFair(due, slots, SLOT_LIMITS)) {
        if (stopped) break;
        // A dead process's deliveries are taken again this long after it took them; a live
        // one's request always ends before (the deadline covers the whole request).
        const leaseMs = deps.config.timeoutMs + 5_000;
        if (await repository.claimDelivery(deps.db, { id: delivery.id, owner, now, leaseMs }))
          track(delivery);
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
