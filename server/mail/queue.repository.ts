import { sql } from 'kysely';
import { isPostgres } from '../db/create-db.ts';
import type { CampaignRow, Db, MessageRow } from '../db/schema.ts';
import { cancelQueuedMessages } from '../modules/campaigns/campaigns.repository.ts';
import { refundCredits } from '../modules/credits/ledger.ts';
import { emitEvent } from '../modules/webhooks/events.ts';

/**
 * The message table as a queue. A dispatcher claims rows as leases (status `sending`,
 * lease_owner, lease_expires_at) and increments `claim_generation`; every write after that is
 * conditional on the claim's generation (and owner and status), so a dispatcher that lost its
 * lease (it stalled, another recovered the rows, or it claimed them again itself) can never
 * overwrite what a newer claim does.
 */

/** What a claim answers of each message: what composing and the result writes need. */
const CLAIMED_COLUMNS = [
  'id',
  'campaign_id',
  'email',
  'name',
  'variables',
  'attachment',
  'token',
  'attempts',
  'claim_generation',
] as const satisfies readonly (keyof MessageRow)[];

export type ClaimedMessage = Pick<MessageRow, (typeof CLAIMED_COLUMNS)[number]>;

/** A claimed row as later writes name it: its id and the generation its claim gave it. */
export type ClaimRef = { id: string; generation: number };

/** `(id, generation)` pairs as a VALUES list; the cast types the second column on PostgreSQL. */
function claimValues(rows: readonly ClaimRef[]) {
  return sql.join(rows.map((row) => sql`(${row.id}, cast(${row.generation} as integer))`));
}

export async function activeCampaignIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('campaigns').select('id').where('status', '=', 'sending').execute();
  return rows.map((row) => row.id);
}

/**
 * Claims due messages and records, in the same write, that their SMTP transactions begin now:
 * the dispatcher claims one small group at a time, right before it sends that group, so a
 * claimed row is a started one (a crash flags it possible_duplicate, and the lease covers its
 * send). One row update per message instead of a claim and then a mark: on PostgreSQL, with each
 * status change writing every index, that was a quarter of the database's CPU per message.
 * Only campaigns still sending are claimed from: a campaign paused or cancelled since the
 * dispatcher read `campaignIds` gives nothing more.
 */
export async function claimMessages(
  db: Db,
  input: { owner: string; campaignIds: string[]; limit: number; now: Date; leaseSeconds: number },
): Promise<ClaimedMessage[]> {
  if (input.campaignIds.length === 0) return [];
  const now = input.now.toISOString();
  // No ORDER BY: the (campaign_id, status) index hands rows out in a stable order without sorting
  // every queued row of a 100k campaign on each claim.
  const due = db
    .selectFrom('messages')
    .select('id')
    .where('campaign_id', 'in', input.campaignIds)
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where('campaign_id', 'in', (qb) =>
      qb.selectFrom('campaigns').select('id').where('status', '=', 'sending'),
    )
    .limit(input.limit);
  const claimed = {
    status: 'sending' as const,
    claim_generation: sql<number>`claim_generation + 1`,
    lease_owner: input.owner,
    lease_expires_at: new Date(input.now.getTime() + input.leaseSeconds * 1000).toISOString(),
    attempt_started_at: now,
    updated_at: now,
  };
  if (isPostgres(db)) {
    // Rows another dispatcher is claiming right now are skipped, not waited for, so several
    // processes share one queue and each message is claimed once. The locked ids are a
    // materialized CTE: as `id IN (SELECT ... LIMIT n FOR UPDATE SKIP LOCKED)` the planner may
    // run the subquery again for each row it updates, and one claim of 10 took 80 rows.
    return db
      .with(
        (cte) => cte('due').materialized(),
        () => due.forUpdate().skipLocked(),
      )
      .updateTable('messages')
      .from('due')
      .set(claimed)
      .whereRef('messages.id', '=', 'due.id')
      .where('messages.status', '=', 'queued')
      .returning(CLAIMED_COLUMNS.map((column) => `messages.${column}` as const))
      .execute();
  }
  // SQLite runs one statement at a time, so the rows are still queued; repeating the condition
  // there made its planner walk every queued row by the status index instead of fetching the
  // ids by primary key (80 ms instead of 6 ms per claim with 100k queued, blocking the loop).
  return db.updateTable('messages').set(claimed).where('id', 'in', due).returning(CLAIMED_COLUMNS).execute();
}

/**
 * Renews the leases of claimed messages not yet written back (waiting to be sent, in flight, or
 * with their result still buffered): the dispatcher's lease keeper does it every quarter of a
 * lease. Answers the ids still this claim's; a row not among them was taken back and must not be
 * sent. Rows of a campaign paused meanwhile are renewed too (one in flight must stay covered);
 * `stoppedCampaigns` says which campaigns no longer send.
 */
export async function renewLeases(
  db: Db,
  input: { owner: string; rows: readonly ClaimRef[]; now: Date; leaseSeconds: number },
): Promise<Set<string>> {
  if (input.rows.length === 0) return new Set();
  const expires = new Date(input.now.getTime() + input.leaseSeconds * 1000).toISOString();
  const { rows } = await sql<{ id: string }>`update messages set lease_expires_at = ${expires}
    from (values ${claimValues(input.rows)}) as v
    where messages.id = v.column1 and messages.claim_generation = v.column2
      and messages.lease_owner = ${input.owner} and messages.status = 'sending'
    returning messages.id as id`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** The campaigns among `ids` that are no longer sending (paused, cancelled, deleted). */
export async function stoppedCampaigns(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const states = await campaignStates(db, ids);
  return new Set(ids.filter((id) => states.get(id)?.status !== 'sending'));
}

export type CampaignState = { status: CampaignRow['status']; delivered: number; bounced: number };

/**
 * Each campaign's status with its delivered and bounced counts (campaign_counts), in one read:
 * what the dispatcher looks at after every result write.
 */
export async function campaignStates(db: Db, ids: readonly string[]): Promise<Map<string, CampaignState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('campaign_counts', (join) =>
      join
        .onRef('campaign_counts.campaign_id', '=', 'campaigns.id')
        .on('campaign_counts.status', '=', 'sent'),
    )
    .select(['campaigns.id', 'campaigns.status', 'campaign_counts.total', 'campaign_counts.bounced'])
    .where('campaigns.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { status: row.status, delivered: Number(row.total ?? 0), bounced: Number(row.bounced ?? 0) },
    ]),
  );
}

/**
 * Gives never-sent messages back to the queue (a stopping dispatcher; rows whose lease could not
 * be kept with a margin, or of a campaign paused meanwhile). A row claimed ahead of its send is
 * known not to have reached the relay: its started mark goes too.
 */
export async function releaseMessages(
  db: Db,
  input: { owner: string; rows: readonly ClaimRef[]; now: Date },
) {
  if (input.rows.length === 0) return;
  await sql`update messages set status = 'queued', lease_owner = null, lease_expires_at = null,
      attempt_started_at = null, updated_at = ${input.now.toISOString()}
    from (values ${claimValues(input.rows)}) as v
    where messages.id = v.column1 and messages.claim_generation = v.column2
      and messages.lease_owner = ${input.owner} and messages.status = 'sending'`.execute(db);
}

/**
 * Rows given back to a campaign cancelled meanwhile are cancelled and refunded as the cancel
 * did with its queued rows (in the caller's transaction): they are never sent and never stay
 * queued in a campaign that will not send again.
 */
export async function cancelReleased(db: Db, input: { campaignIds: readonly string[]; now: Date }) {
  if (input.campaignIds.length === 0) return;
  const cancelled = await db
    .selectFrom('campaigns')
    .select(['id', 'user_id'])
    .where('id', 'in', input.campaignIds)
    .where('status', '=', 'cancelled')
    .execute();
  const now = input.now.toISOString();
  for (const campaign of cancelled) {
    const amount = await cancelQueuedMessages(db, campaign.id, now);
    await refundCredits(db, {
      userId: campaign.user_id,
      amount,
      campaignId: campaign.id,
      reason: 'cancelled',
      now,
    });
  }
}

/**
 * Crash recovery: messages whose lease ran out go back to the queue. One whose SMTP transaction
 * had begun may already be with the relay, so its resend is flagged possible_duplicate.
 * `everyLease` (SQLite at start: one process, so every lease is a dead one) skips the wait.
 */
export async function recoverExpiredLeases(db: Db, input: { now: Date; everyLease?: boolean }) {
  const now = input.now.toISOString();
  let query = db
    .updateTable('messages')
    .set({
      status: 'queued',
      lease_owner: null,
      lease_expires_at: null,
      // SET sees the old row: the flag follows the attempt_started_at being cleared here.
      possible_duplicate: sql<number>`case when attempt_started_at is not null then 1 else possible_duplicate end`,
      attempt_started_at: null,
      updated_at: now,
    })
    .where('status', '=', 'sending');
  if (!input.everyLease) query = query.where('lease_expires_at', '<', now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One statement for a whole batch of deliveries. */
export async function markSent(
  db: Db,
  input: {
    owner: string;
    now: Date;
    rows: { id: string; generation: number; response: string; messageId: string }[];
  },
) {
  if (input.rows.length === 0) return [];
  const now = input.now.toISOString();
  // VALUES columns are column1..4 on both engines; UPDATE ... FROM exists on both.
  const values = sql.join(
    input.rows.map(
      (row) => sql`(${row.id}, cast(${row.generation} as integer), ${row.response}, ${row.messageId})`,
    ),
  );
  // Answers the ids it marked (the sent webhooks go out for these only).
  const { rows } = await sql<{ id: string }>`update messages set status = 'sent', attempts = attempts + 1,
      smtp_response = v.column3, smtp_message_id = v.column4, sent_at = ${now}, updated_at = ${now},
      lease_owner = null, lease_expires_at = null
    from (values ${values}) as v
    where messages.id = v.column1 and messages.claim_generation = v.column2
      and messages.lease_owner = ${input.owner} and messages.status = 'sending'
    returning messages.id as id`.execute(db);
  return rows.map((row) => row.id);
}

/** A temporary failure with attempts left: back to the queue, due again at `retryAt`. */
export async function markRetry(
  db: Db,
  input: { owner: string; now: Date; id: string; generation: number; response: string; retryAt: Date },
) {
  await db
    .updateTable('messages')
    .set({
      status: 'queued',
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: input.retryAt.toISOString(),
      smtp_response: input.response,
      attempt_started_at: null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: input.now.toISOString(),
    })
    .where('id', '=', input.id)
    .where('claim_generation', '=', input.generation)
    .where('lease_owner', '=', input.owner)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Fails messages for good; answers those that were ours, with whether a credit was reserved for
 * them (the caller refunds those in the same transaction).
 */
export async function markFailed(
  db: Db,
  input: { owner: string; now: Date; rows: { id: string; generation: number; response: string }[] },
): Promise<{ id: string; campaign_id: string; charged: number }[]> {
  const now = input.now.toISOString();
  const failed: { id: string; campaign_id: string; charged: number }[] = [];
  for (const row of input.rows) {
    const updated = await db
      .updateTable('messages')
      .set({
        status: 'failed',
        attempts: sql<number>`attempts + 1`,
        smtp_response: row.response,
        failed_at: now,
        refunded_at: sql<string | null>`case when charged = 1 then ${now} else null end`,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('claim_generation', '=', row.generation)
      .where('lease_owner', '=', input.owner)
      .where('status', '=', 'sending')
      .returning(['id', 'campaign_id', 'charged'])
      .executeTakeFirst();
    if (updated) failed.push(updated);
  }
  return failed;
}

/** A hard bounce: nobody mails this address again (scope '*'). */
export async function suppressHardBounce(db: Db, input: { email: string; messageId: string; now: Date }) {
  await db
    .insertInto('suppressions')
    .values({
      id: crypto.randomUUID(),
      scope: '*',
      email_key: input.email.toLowerCase(),
      reason: 'hard_bounce',
      message_id: input.messageId,
      created_at: input.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['scope', 'email_key']).doNothing())
    .execute();
}

/**
 * Campaigns among `ids` with nothing left to send become completed; answers those. Each one's
 * campaign.completed webhook event is written in the same transaction.
 */
export async function completeFinishedCampaigns(db: Db, input: { ids: string[]; now: Date }) {
  const completed: string[] = [];
  for (const id of input.ids) {
    const done = db.isTransaction
      ? await completeIfFinished(db, id, input.now)
      : await db.transaction().execute((trx) => completeIfFinished(trx, id, input.now));
    if (done) completed.push(done);
  }
  return completed;
}

async function completeIfFinished(db: Db, id: string, at: Date): Promise<string | null> {
  const now = at.toISOString();
  const row = await db
    .updateTable('campaigns')
    .set({ status: 'completed', finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages')
            .select('id')
            .where('campaign_id', '=', id)
            .where('status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .returning(['id', 'user_id', 'recipients_count'])
    .executeTakeFirst();
  if (!row) return null;
  await emitEvent(db, {
    userId: row.user_id,
    type: 'campaign.completed',
    at,
    data: { campaign_id: row.id, recipients_count: row.recipients_count, finished_at: now },
  });
  return row.id;
}
