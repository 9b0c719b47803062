import type { User } from '../../../contract/auth.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { offsetOf, type ListQuery, type Page } from '../../../contract/list.contract.ts';
import {
  webhookEventTypeSchema,
  type CreatedWebhook,
  type DeliveryStatus,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '../../../contract/webhooks.contract.ts';
import type { Db } from '../../db/schema.ts';
import { notFound, validationFailed } from '../../lib/http-error.ts';
import { uuid7 } from '../../lib/uuid7.ts';
import { checkWebhookUrl } from './address-check.ts';
import { newWebhookSecret } from './signing.ts';
import * as repository from './webhooks.repository.ts';

type Deps = { db: Db; now: () => Date; allowPrivate: boolean };

function parseEvents(json: string): WebhookEventType[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((e) => webhookEventTypeSchema.safeParse(e).success) : [];
}

function toWebhook(row: repository.EndpointWithOwner): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: parseEvents(row.events),
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    created_at: row.created_at,
    user: { id: row.user_id, username: row.username },
  };
}

function toDelivery(row: repository.DeliveryWithType): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: webhookEventTypeSchema.catch('message.sent').parse(row.event_type),
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    latency_ms: row.latency_ms,
    error: row.error,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

/** URLs that reach the server's own network are refused (SSRF) unless the install allows them. */
async function assertUsableUrl(deps: Deps, url: string) {
  const problem = await checkWebhookUrl(url, deps.allowPrivate);
  if (problem)
    throw validationFailed({ url: problem === 'private' ? validationKeys.invalid : validationKeys.invalid });
}

/** The owner's, or any for an administrator; anyone else is told it does not exist. */
async function ownEndpoint(deps: Deps, user: User, id: string) {
  const row = await repository.findEndpoint(deps.db, id);
  if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Webhook endpoint');
  return row;
}

export async function listWebhooks(
  deps: Deps,
  user: User,
  query: ListQuery<'created_at' | 'url'>,
): Promise<Page<Webhook>> {
  const ordering = query.ordering ?? '-created_at';
  const { count, rows } = await repository.listEndpoints(
    deps.db,
    { ownerId: user.role === 'admin' ? undefined : user.id, search: query.search },
    {
      offset: offsetOf(query),
      limit: query.page_size,
      orderBy: ordering.replace(/^-/, '') as 'created_at' | 'url',
      descending: ordering.startsWith('-'),
    },
  );
  return { count, results: rows.map(toWebhook) };
}

export async function createWebhook(
  deps: Deps,
  user: User,
  body: { url: string; events: WebhookEventType[]; enabled: boolean },
): Promise<CreatedWebhook> {
  await assertUsableUrl(deps, body.url);
  const now = deps.now().toISOString();
  const row: repository.EndpointRow = {
    id: uuid7(),
    user_id: user.id,
    url: body.url,
    events: JSON.stringify(body.events),
    secret: newWebhookSecret(),
    enabled: body.enabled ? 1 : 0,
    disabled_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await repository.insertEndpoint(deps.db, row);
  return { ...toWebhook({ ...row, username: user.username }), secret: row.secret };
}

export async function getWebhook(deps: Deps, user: User, id: string): Promise<Webhook> {
  return toWebhook(await ownEndpoint(deps, user, id));
}

export async function updateWebhook(
  deps: Deps,
  user: User,
  id: string,
  body: { url?: string | undefined; events?: WebhookEventType[] | undefined; enabled?: boolean | undefined },
): Promise<Webhook> {
  const row = await ownEndpoint(deps, user, id);
  if (body.url !== undefined) await assertUsableUrl(deps, body.url);
  const reenabled = body.enabled === true && row.enabled === 0;
  await repository.updateEndpoint(deps.db, id, {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
    ...(reenabled ? { disabled_reason: null, failing_since: null } : {}),
    updated_at: deps.now().toISOString(),
  });
  return toWebhook((await repository.findEndpoint(deps.db, id))!);
}

export async function removeWebhook(deps: Deps, user: User, id: string): Promise<void> {
  await ownEndpoint(deps, user, id);
  await repository.deleteEndpoint(deps.db, id);
}

export async function listDeliveries(
  deps: Deps,
  user: User,
  id: string,
  query: ListQuery<'created_at'> & { status?: DeliveryStatus | undefined },
): Promise<Page<WebhookDelivery>> {
  await ownEndpoint(deps, user, id);
  const { count, rows } = await repository.listDeliveries(
    deps.db,
    id,
    { status: query.status },
    { offset: offsetOf(query), limit: query.page_size, descending: query.ordering !== 'created_at' },
  );
  return { count, results: rows.map(toDelivery) };
}

export async function replayDelivery(
  deps: Deps,
  user: User,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await ownEndpoint(deps, user, id);
  const delivery = await repository.findDelivery(deps.db, id, deliveryId);
  if (!delivery) throw notFound('Delivery');
  await repository.requeueDelivery(deps.db, deliveryId, deps.now());
  return toDelivery((await repository.findDelivery(deps.db, id, deliveryId))!);
}
