import type { Selectable } from 'kysely';
import type { Db, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EndpointWithOwner = EndpointRow & { username: string };
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type DeliveryWithType = DeliveryRow & { event_type: string };

function endpoints(db: Db, filter: { ownerId?: string | undefined; search?: string | undefined }) {
  let query = db.selectFrom('webhook_endpoints').innerJoin('users', 'users.id', 'webhook_endpoints.user_id');
  if (filter.ownerId !== undefined) query = query.where('webhook_endpoints.user_id', '=', filter.ownerId);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([containsText('webhook_endpoints.url', pattern), containsText('users.username', pattern)]),
    );
  }
  return query;
}

export async function listEndpoints(
  db: Db,
  filter: { ownerId?: string | undefined; search?: string | undefined },
  page: { offset: number; limit: number; orderBy: 'created_at' | 'url'; descending: boolean },
): Promise<{ count: number; rows: EndpointWithOwner[] }> {
  const { count } = await endpoints(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await endpoints(db, filter)
    .selectAll('webhook_endpoints')
    .select('users.username')
    .orderBy(`webhook_endpoints.${page.orderBy}`, page.descending ? 'desc' : 'asc')
    .orderBy('webhook_endpoints.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointWithOwner | undefined> {
  return endpoints(db, {})
    .selectAll('webhook_endpoints')
    .select('users.username')
    .where('webhook_endpoints.id', '=', id)
    .executeTakeFirst();
}

export async function insertEndpoint(db: Db, row: EndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Db,
  id: string,
  changes: Partial<Omit<EndpointRow, 'id' | 'user_id' | 'created_at' | 'secret'>>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

function deliveries(db: Db, endpointId: string, status: DeliveryRow['status'] | undefined) {
  let query = db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .where('webhook_deliveries.endpoint_id', '=', endpointId);
  if (status) query = query.where('webhook_deliveries.status', '=', status);
  return query;
}

export async function listDeliveries(
  db: Db,
  endpointId: string,
  filter: { status?: DeliveryRow['status'] | undefined },
  page: { offset: number; limit: number; descending: boolean },
): Promise<{ count: number; rows: DeliveryWithType[] }> {
  const { count } = await deliveries(db, endpointId, filter.status)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await deliveries(db, endpointId, filter.status)
    .selectAll('webhook_deliveries')
    .select('webhook_events.type as event_type')
    .orderBy('webhook_deliveries.created_at', direction)
    .orderBy('webhook_deliveries.id', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

export async function findDelivery(
  db: Db,
  endpointId: string,
  id: string,
): Promise<DeliveryWithType | undefined> {
  return deliveries(db, endpointId, undefined)
    .selectAll('webhook_deliveries')
    .select('webhook_events.type as event_type')
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
}

/** Due again now, whatever became of it; a delivery being sent keeps its lease. */
export async function requeueDelivery(db: Db, id: string, now: Date): Promise<void> {
  const iso = now.toISOString();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: iso, updated_at: iso })
    .where('id', '=', id)
    .execute();
}

/** A delivery the loop took, with what it needs to send it. */
export type ClaimedDelivery = {
  id: string;
  attempts: number;
  created_at: string;
  endpoint_id: string;
  user_id: string;
  url: string;
  secret: string;
  event_id: string;
  payload: string;
};

/**
 * Due deliveries of enabled endpoints that no live lease holds, at most `perEndpoint` of each
 * endpoint and none of the endpoints in `skipEndpoints`, interleaved by user (every user's
 * first, then every user's second, ...): a user with a long backlog cannot push another user's
 * deliveries out of the window the loop chooses from.
 */
export async function dueDeliveries(
  db: Db,
  input: { now: Date; limit: number; perEndpoint: number; skipEndpoints: string[] },
): Promise<ClaimedDelivery[]> {
  const now = input.now.toISOString();
  let due = db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select((eb) => [
      'webhook_deliveries.id',
      'webhook_deliveries.attempts',
      'webhook_deliveries.created_at',
      'webhook_deliveries.endpoint_id',
      'webhook_deliveries.event_id',
      'webhook_deliveries.next_attempt_at',
      'webhook_endpoints.user_id',
      eb.fn
        .agg<number>('row_number')
        .over((ob) =>
          ob
            .partitionBy('webhook_deliveries.endpoint_id')
            .orderBy('webhook_deliveries.next_attempt_at')
            .orderBy('webhook_deliveries.id'),
        )
        .as('endpoint_rank'),
    ])
    .where('webhook_deliveries.status', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('webhook_deliveries.lease_expires_at', 'is', null),
        eb('webhook_deliveries.lease_expires_at', '<', now),
      ]),
    )
    .where('webhook_endpoints.enabled', '=', 1);
  if (input.skipEndpoints.length > 0)
    due = due.where('webhook_deliveries.endpoint_id', 'not in', input.skipEndpoints);
  const ranked = db
    .selectFrom(due.as('due'))
    .selectAll('due')
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) =>
          ob
            .partitionBy('due.user_id')
            .orderBy('due.endpoint_rank')
            .orderBy('due.next_attempt_at')
            .orderBy('due.id'),
        )
        .as('user_rank'),
    )
    .where('due.endpoint_rank', '<=', input.perEndpoint);
  return db
    .selectFrom(ranked.as('ranked'))
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'ranked.endpoint_id')
    .innerJoin('webhook_events', 'webhook_events.id', 'ranked.event_id')
    .select([
      'ranked.id',
      'ranked.attempts',
      'ranked.created_at',
      'ranked.endpoint_id',
      'ranked.user_id',
      'webhook_endpoints.url',
      'webhook_endpoints.secret',
      'webhook_events.id as event_id',
      'webhook_events.payload',
    ])
    .orderBy('ranked.user_rank')
    .orderBy('ranked.next_attempt_at')
    .orderBy('ranked.id')
    .limit(input.limit)
    .execute();
}

/**
 * Takes one delivery under a lease with a conditional update, so two loops (two processes)
 * never take the same one, and a crashed loop's leases run out and it is taken again.
 */
export async function claimDelivery(
  db: Db,
  input: { id: string; owner: string; now: Date; leaseMs: number },
): Promise<boolean> {
  const now = input.now.toISOString();
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      lease_owner: input.owner,
      lease_expires_at: new Date(input.now.getTime() + input.leaseMs).toISOString(),
      updated_at: now,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The attempt's outcome, written only while the lease is still ours. */
export async function finishAttempt(
  db: Db,
  input: {
    id: string;
    owner: string;
    now: Date;
    status: DeliveryRow['status'];
    attempts: number;
    nextAttemptAt: string | null;
    responseStatus: number | null;
    latencyMs: number;
    error: string | null;
  },
): Promise<boolean> {
  const iso = input.now.toISOString();
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: input.status,
      attempts: input.attempts,
      next_attempt_at: input.nextAttemptAt,
      response_status: input.responseStatus,
      latency_ms: input.latencyMs,
      error: input.error,
      delivered_at: input.status === 'succeeded' ? iso : null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: iso,
    })
    .where('id', '=', input.id)
    .where('lease_owner', '=', input.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A success ends the endpoint's failing time. */
export async function markEndpointHealthy(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Starts the failing time at the first failure after a success. Answers the endpoint. */
export async function markEndpointFailing(db: Db, id: string, now: Date) {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now.toISOString() })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  return db
    .selectFrom('webhook_endpoints')
    .innerJoin('users', 'users.id', 'webhook_endpoints.user_id')
    .select([
      'webhook_endpoints.id',
      'webhook_endpoints.url',
      'webhook_endpoints.enabled',
      'webhook_endpoints.failing_since',
      'users.email',
      'users.username',
      'users.language',
    ])
    .where('webhook_endpoints.id', '=', id)
    .executeTakeFirst();
}

/** Disables an endpoint that failed for too long; true for the one call that did it. */
export async function disableFailingEndpoint(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failing', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
