import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isPostgres } from '../../db/create-db.ts';
import { uuid7 } from '../../lib/uuid7.ts';
import type { CampaignRow, CampaignStatus, Db, MessageStatus, SuppressionReason } from '../../db/schema.ts';
import type { PlannedRow } from './planned-row.ts';

export async function findTemplateContent(db: Db, ownerId: string, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('templates')
    .select('content')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row?.content;
}

/** Which of `keys` must not be mailed by this sender, and why. */
export async function findSuppressed(
  db: Db,
  senderId: string,
  keys: string[],
): Promise<Map<string, SuppressionReason>> {
  const found = new Map<string, SuppressionReason>();
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom('suppressions')
    .select(['email_key', 'reason'])
    .where('scope', 'in', [senderId, '*'])
    .where('email_key', 'in', keys)
    .execute();
  for (const row of rows) if (!found.has(row.email_key)) found.set(row.email_key, row.reason);
  return found;
}

export async function insertCampaign(db: Db, row: CampaignRow): Promise<void> {
  await db.insertInto('campaigns').values(row).execute();
}

const TOKEN_BYTES = 32;
const POOL_TOKENS = 256;
let tokenPool = Buffer.alloc(0);
let pooledTokens = 0;

/**
 * Unguessable and URL-safe: 32 random bytes, each used once. The bytes are drawn 256 tokens at a
 * time: one call into the system's generator per message was an eighth of accepting a 100k
 * campaign on SQLite (0.42 of 3.2 s).
 */
export function newMessageToken(): string {
  if (pooledTokens === 0) {
    tokenPool = randomBytes(TOKEN_BYTES * POOL_TOKENS);
    pooledTokens = POOL_TOKENS;
  }
  pooledTokens -= 1;
  const start = pooledTokens * TOKEN_BYTES;
  return tokenPool.toString('base64url', start, start + TOKEN_BYTES);
}

/**
 * One chunk of a campaign's messages as the single JSON parameter insertMessages writes;
 * `firstSeq` numbers them on from the previous chunk. Apart from the write so that acceptance
 * builds the next chunk while the database stores this one.
 */
export function messagesPayload(rows: PlannedRow[], firstSeq: number): string {
  return JSON.stringify(
    rows.map((row, index) => ({
      // Time-ordered: the primary key's index grows at its end (a tenth off SQLite's insert).
      id: uuid7(),
      seq: firstSeq + index,
      email: row.email,
      email_key: row.emailKey,
      name: row.name,
      variables: JSON.stringify(row.variables),
      attachment: row.attachment,
      status: row.status,
      blocked_reason: row.blockedReason,
      charged: row.status === 'queued' ? 1 : 0,
      token: newMessageToken(),
    })),
  );
}

/**
 * Writes one chunk of a campaign's messages (messagesPayload). The chunk travels as ONE JSON
 * parameter that the database unpacks (json_to_recordset / json_each): building and binding a
 * statement of thousands of parameters cost more than the insert itself, and acceptance speed
 * bounds how fast a large campaign can start.
 */
export async function insertMessages(
  db: Db,
  campaignId: string,
  payload: string,
  nextAttemptAt: string,
  now: string,
): Promise<void> {
  const columns = sql`(id, campaign_id, seq, email, email_key, name, variables, attachment, status,
    blocked_reason, charged, token, next_attempt_at, created_at, updated_at)`;
  const constants = sql`${campaignId}`;
  const times = sql`${nextAttemptAt}, ${now}, ${now}`;
  if (isPostgres(db)) {
    await sql`insert into messages ${columns}
      select x.id, ${constants}, x.seq, x.email, x.email_key, x.name, x.variables, x.attachment,
        x.status, x.blocked_reason, x.charged, x.token, ${times}
      from json_to_recordset(${payload}::json) as x(id text, seq integer, email text, email_key text,
        name text, variables text, attachment text, status text, blocked_reason text,
        charged integer, token text)`.execute(db);
    return;
  }
  await sql`insert into messages ${columns}
    select json_extract(value, '$.id'), ${constants}, json_extract(value, '$.seq'),
      json_extract(value, '$.email'), json_extract(value, '$.email_key'), json_extract(value, '$.name'),
      json_extract(value, '$.variables'), json_extract(value, '$.attachment'),
      json_extract(value, '$.status'), json_extract(value, '$.blocked_reason'),
      json_extract(value, '$.charged'), json_extract(value, '$.token'), ${times}
    from json_each(${payload})`.execute(db);
}

export async function findCampaign(db: Db, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export type StatusCounts = Record<MessageStatus, number>;

export const emptyCounts = (): StatusCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  blocked: 0,
  cancelled: 0,
});

/** One grouped query over the (campaign_id, status) index. */
export async function countByStatus(db: Db, campaignId: string): Promise<StatusCounts> {
  const rows = await db
    .selectFrom('messages')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  const counts = emptyCounts();
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Moves a campaign from one of `from` to `to`; false when another change got there first. */
export async function transitionCampaign(
  db: Db,
  id: string,
  from: CampaignStatus[],
  to: CampaignStatus,
  now: string,
  extra: { finished_at?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    // A sender's pause, resume or cancel replaces whatever reason the engine paused it for.
    .set({ status: to, updated_at: now, pause_reason: null, ...extra })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The messages a cancellation stops: the queued ones. A row a dispatcher holds is a started one
 * (its claim is its start mark, server/mail/queue.repository.ts): it goes out and keeps its
 * charge, and no dispatcher claims from a campaign that is not sending. The UPDATE's own row
 * locks decide each race with a claim. Answers how many charged messages were stopped (the refund).
 */
export async function cancelQueuedMessages(db: Db, campaignId: string, now: string): Promise<number> {
  const stop = { status: 'cancelled' as const, lease_owner: null, lease_expires_at: null, updated_at: now };
  const charged = await db
    .updateTable('messages')
    .set({ ...stop, refunded_at: now })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'queued')
    .where('charged', '=', 1)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('messages')
    .set(stop)
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'queued')
    .execute();
  return Number(charged.numUpdatedRows);
}
