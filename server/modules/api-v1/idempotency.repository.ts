import type { Db } from '../../db/schema.ts';

/** How long an answer is replayed for the same Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A first request still unanswered after this long died with its process (a crash mid-request):
 * its key is free again.
 */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;

export type StoredAnswer = { statusCode: number; contentType: string | null; body: string | null };

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

type Key = { userId: string; key: string };

/**
 * Takes the key for this request, or says why not. The lock is the insert itself: of two racing
 * requests exactly one inserts the (user, key) row, on either engine and from any process; the
 * other reads that row and waits for its answer.
 */
export async function claimIdempotencyKey(
  db: Db,
  input: Key & { requestHash: string; now: Date },
): Promise<Claim> {
  const now = input.now.getTime();
  const expiredBefore = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
  const abandonedBefore = new Date(now - ABANDONED_AFTER_MS).toISOString();
  // Expired answers of every key go (the created_at index keeps this cheap), and this key's
  // abandoned first attempt too.
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute();
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', input.userId)
    .where('key', '=', input.key)
    .where('status_code', 'is', null)
    .where('created_at', '<', abandonedBefore)
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: input.userId,
      key: input.key,
      request_hash: input.requestHash,
      status_code: null,
      content_type: null,
      response_body: null,
      created_at: input.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('key', '=', input.key)
    .executeTakeFirst();
  // Released (a 5xx) between our insert and this read: the caller simply tries again.
  if (!row) return { kind: 'in-progress' };
  if (row.request_hash !== input.requestHash) return { kind: 'mismatch' };
  if (row.status_code === null) return { kind: 'in-progress' };
  return {
    kind: 'replay',
    answer: { statusCode: row.status_code, contentType: row.content_type, body: row.response_body },
  };
}

export async function storeAnswer(db: Db, key: Key, answer: StoredAnswer): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, content_type: answer.contentType, response_body: answer.body })
    .where('user_id', '=', key.userId)
    .where('key', '=', key.key)
    .execute();
}

/** A request that failed on the server's side leaves its key free, so the client can retry it. */
export async function releaseKey(db: Db, key: Key): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', key.userId)
    .where('key', '=', key.key)
    .where('status_code', 'is', null)
    .execute();
}
