import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '../../contract/errors.contract.ts';
import { HttpError, validationFailed } from '../lib/http-error.ts';
import { hit } from '../lib/rate-limit.ts';
import { claimIdempotencyKey, releaseKey, storeAnswer } from '../modules/api-v1/idempotency.repository.ts';
import { isV1Route } from './auth.plugin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds until its answer is stored. */
    idempotency: { userId: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_IDEMPOTENCY_KEY = 255;
/** A racing request waits this long for the first one's answer before it is told to retry. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 25;

/** Same key, same request: method, route, path parameters and the parsed body, keys sorted. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, stable(item)]),
    );
  }
  return value;
}

function requestHash(request: FastifyRequest): string {
  const what = [
    request.method,
    request.routeOptions.url,
    stable(request.params),
    stable(request.body ?? null),
  ];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

const RATE_WINDOW_SECONDS = 60;
const POLICY = 'per-key';

/**
 * Each API key has its own budget of requests a minute, counted in the database (so every server
 * process shares it). Every answer says where the caller stands, in the IETF RateLimit headers
 * (draft-ietf-httpapi-ratelimit-headers): the policy (`q` requests per `w` seconds) and what is
 * left (`r`) until the window resets (`t` seconds). Past it: 429 with Retry-After.
 */
async function rateLimit(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!request.apiKey) return;
  const max = app.appConfig.api.rateLimitPerMinute;
  const now = app.now();
  const { count, windowStartedAt } = await hit(
    app.db,
    { key: `api-key:${request.apiKey.id}`, max, windowSeconds: RATE_WINDOW_SECONDS },
    now,
  );
  const resetMs = Date.parse(windowStartedAt) + RATE_WINDOW_SECONDS * 1000 - now.getTime();
  const reset = Math.max(1, Math.ceil(resetMs / 1000));
  reply.header('ratelimit-policy', `"${POLICY}";q=${max};w=${RATE_WINDOW_SECONDS}`);
  reply.header('ratelimit', `"${POLICY}";r=${Math.max(0, max - count)};t=${reset}`);
  if (count > max) {
    throw new HttpError(429, errorCodes.tooManyAttempts, 'Too many requests for this API key', undefined, {
      'retry-after': String(reset),
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idempotencyGate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'POST' || !request.apiKey || !request.user || !isV1Route(request.routeOptions.url))
    return;
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > MAX_IDEMPOTENCY_KEY || !/^[\x21-\x7e]+$/.test(key)) {
    throw validationFailed({ 'Idempotency-Key': 'validation.invalid' });
  }
  const hold = { userId: request.user.id, key };
  const hash = requestHash(request);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await claimIdempotencyKey(app.db, { ...hold, requestHash: hash, now: app.now() });
    if (claim.kind === 'claimed') {
      request.idempotency = hold;
      return;
    }
    if (claim.kind === 'mismatch') {
      throw new HttpError(
        422,
        errorCodes.idempotencyMismatch,
        'This Idempotency-Key was already used with a different request',
      );
    }
    if (claim.kind === 'replay') {
      const { statusCode, contentType, body } = claim.answer;
      reply.code(statusCode).header('idempotent-replayed', 'true');
      if (contentType) reply.header('content-type', contentType);
      return reply.send(body ?? undefined);
    }
    // The first request with this key is still running: wait for its answer (never run twice).
    if (Date.now() > deadline) {
      throw new HttpError(
        409,
        errorCodes.idempotencyInProgress,
        'A request with this Idempotency-Key is still being processed',
        undefined,
        { 'retry-after': '1' },
      );
    }
    await sleep(POLL_MS);
  }
}

/**
 * What the HTTP v1 mount adds to the shared routes: a rate limit per key, Idempotency-Key on
 * every POST (errors as problem+json in the caller's language are the errors plugin's). Authentication and scopes are the auth plugin's.
 */
export default fp(
  async (app) => {
    app.decorateRequest('idempotency', null);

    // After the auth plugin's hook (registered before this plugin): the key is known by now.
    app.addHook('onRequest', async (request, reply) => rateLimit(app, request, reply));
    app.addHook('preHandler', async (request, reply) => idempotencyGate(app, request, reply));

    // The stored answer is the one the client got (errors already as problem+json, translated).
    app.addHook('onSend', async (request, reply, payload) => {
      const hold = request.idempotency;
      if (!hold) return payload;
      request.idempotency = null;
      if (reply.statusCode >= 500) {
        await releaseKey(app.db, hold);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await storeAnswer(app.db, hold, {
        statusCode: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: typeof payload === 'string' ? payload : null,
      });
      return payload;
    });

    // A request that ended without an answer (the client went away) frees its key.
    app.addHook('onResponse', async (request) => {
      if (request.idempotency) await releaseKey(app.db, request.idempotency);
    });
  },
  { name: 'api-v1', dependencies: ['services', 'auth'] },
);
