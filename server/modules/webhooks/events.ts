import type { WebhookEventType } from '../../../contract/webhooks.contract.ts';
import type { Insertable } from 'kysely';
import type { Db, WebhookDeliveriesTable, WebhookEventsTable } from '../../db/schema.ts';
import { uuid7 } from '../../lib/uuid7.ts';

/**
 * Something that happened, for the webhooks of `userId` (the owner of the campaign or message).
 * `data` is the event's own JSON; ids in it are the same ids the v1 API answers with.
 */
export type WebhookEvent = {
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** When it happened; now by default. */
  at?: Date;
};

const CHUNK = 500;

/** `msg_` + a time-ordered id without dashes: the `webhook-id` every attempt carries. */
export const newEventId = (at: Date) => `msg_${uuid7(at.getTime()).replaceAll('-', '')}`;

/**
 * Puts an event in the outbox with one pending delivery for each enabled endpoint of its user
 * that subscribed to its type; the delivery loop sends them. Call it with the transaction that
 * records what happened, and the event is written exactly when that is. A user without a
 * matching endpoint costs one read and writes nothing.
 */
export async function emitEvent(db: Db, event: WebhookEvent): Promise<void> {
  await emitEvents(db, [event]);
}

/** Many events in a few statements (a batch of sent messages). Answers how many were written. */
export async function emitEvents(db: Db, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const userIds = [...new Set(events.map((event) => event.userId))];
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'events'])
    .where('user_id', 'in', userIds)
    .where('enabled', '=', 1)
    .execute();
  if (endpoints.length === 0) return 0;
  const subscribed = endpoints.map((endpoint) => ({
    id: endpoint.id,
    userId: endpoint.user_id,
    events: new Set(JSON.parse(endpoint.events) as string[]),
  }));

  const eventRows: Insertable<WebhookEventsTable>[] = [];
  const deliveryRows: Insertable<WebhookDeliveriesTable>[] = [];
  for (const event of events) {
    const targets = subscribed.filter((e) => e.userId === event.userId && e.events.has(event.type));
    if (targets.length === 0) continue;
    const at = event.at ?? new Date();
    const iso = at.toISOString();
    const id = newEventId(at);
    eventRows.push({
      id,
      user_id: event.userId,
      type: event.type,
      payload: JSON.stringify({ type: event.type, timestamp: iso, data: event.data }),
      created_at: iso,
    });
    for (const target of targets) {
      deliveryRows.push({
        id: uuid7(at.getTime()),
        event_id: id,
        endpoint_id: target.id,
        status: 'pending' as const,
        next_attempt_at: iso,
        lease_owner: null,
        lease_expires_at: null,
        response_status: null,
        latency_ms: null,
        error: null,
        delivered_at: null,
        created_at: iso,
        updated_at: iso,
      });
    }
  }
  if (eventRows.length === 0) return 0;
  const write = async (trx: Db) => {
    for (let at = 0; at < eventRows.length; at += CHUNK) {
      await trx
        .insertInto('webhook_events')
        .values(eventRows.slice(at, at + CHUNK))
        .execute();
    }
    for (let at = 0; at < deliveryRows.length; at += CHUNK) {
      await trx
        .insertInto('webhook_deliveries')
        .values(deliveryRows.slice(at, at + CHUNK))
        .execute();
    }
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return eventRows.length;
}
