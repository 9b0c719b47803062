import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The sending engine's tables. The message table is at once the sending queue and the e-mail log:
 * one row per recipient, written when the campaign is accepted, leased by a dispatcher while it
 * is sent, and updated by the public tracking endpoints afterwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);

  // Append-only history of every credit movement. user_id has no foreign key on purpose: the
  // history outlives a deleted account (only accounts without campaigns can be deleted).
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('grant', 'adjust', 'charge', 'refund')`),
    )
    .addColumn('campaign_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_index')
    .on('credit_ledger')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('credit_ledger_created_index')
    .on('credit_ledger')
    .column('created_at')
    .execute();

  // users.quota (granted) and users.used_quota (spent) stay the balance the app reads; the
  // database itself refuses a balance below zero, whatever code path tries it.
  if (postgres) {
    await sql`alter table users add constraint users_balance_not_negative
      check (used_quota >= 0 and quota - used_quota >= 0)`.execute(db);
    await sql`create function credit_ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'credit_ledger is append-only'; end $$`.execute(db);
    await sql`create trigger credit_ledger_no_change before update or delete on credit_ledger
      for each row execute function credit_ledger_append_only()`.execute(db);
  } else {
    await sql`create trigger users_balance_not_negative before update of quota, used_quota on users
      when new.used_quota < 0 or new.quota - new.used_quota < 0
      begin select raise(abort, 'users_balance_not_negative'); end`.execute(db);
    await sql`create trigger credit_ledger_no_update before update on credit_ledger
      begin select raise(abort, 'credit_ledger is append-only'); end`.execute(db);
    await sql`create trigger credit_ledger_no_delete before delete on credit_ledger
      begin select raise(abort, 'credit_ledger is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('subject', 'text', (col) => col.notNull())
    // The content with its {{variables}}; compiled once per campaign by the dispatcher.
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('template_id', 'text')
    .addColumn('from_email', 'text', (col) => col.notNull())
    .addColumn('sender_name', 'text', (col) => col.notNull())
    // single | lists | groups | rows, and a JSON description of what was picked (ids, file name).
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_ref', 'text')
    // JSON {type: 'yes_no', question} | {type: 'custom', questions: [...]} or null.
    .addColumn('survey', 'text')
    // JSON {zips: [uploadId], attachment: uploadId | null, image: uploadId | null}.
    .addColumn('attachments', 'text', (col) => col.notNull())
    // What to do with a recipient whose per-recipient file is missing: skip | send_without.
    .addColumn('missing_attachments', 'text')
    // Language of the public pages and of `date`: the sender's interface language at acceptance.
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('scheduled', 'sending', 'paused', 'completed', 'cancelled')`),
    )
    .addColumn('scheduled_at', 'text')
    .addColumn('started_at', 'text')
    // Seconds between scheduled_at and the actual start, when the server was down at that moment.
    .addColumn('late_seconds', 'integer')
    .addColumn('finished_at', 'text')
    .addColumn('recipients_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('campaigns_user_index')
    .on('campaigns')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('campaigns_status_index')
    .on('campaigns')
    .columns(['status', 'scheduled_at'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    // Position in the campaign: the order of sending and a stable key for paging the log.
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    // Lower-cased address: a campaign holds a recipient once.
    .addColumn('email_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // JSON object of the recipient's variables (extra fields, Excel columns).
    .addColumn('variables', 'text', (col) => col.notNull())
    // Name of this recipient's own file inside the campaign's zips, or null.
    .addColumn('attachment', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('queued', 'sending', 'sent', 'failed', 'blocked', 'cancelled')`),
    )
    // unsubscribed | hard_bounce | missing_attachment: why a row is blocked.
    .addColumn('blocked_reason', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    // Set while a dispatcher holds the row; an expired lease is recovered by any dispatcher.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    // When the SMTP transaction for the current attempt began: a crash after it and before the
    // result was written means the relay may have the message (possible duplicate on resend).
    .addColumn('attempt_started_at', 'text')
    .addColumn('possible_duplicate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('smtp_response', 'text')
    .addColumn('smtp_message_id', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('failed_at', 'text')
    // 1 when a credit was reserved for this row; refunded_at once it was given back.
    .addColumn('charged', 'integer', (col) => col.notNull())
    .addColumn('refunded_at', 'text')
    // Unguessable, bound to this message: open pixel, survey answers, unsubscribe.
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('opened_at', 'text')
    .addColumn('open_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('survey_answer', 'text')
    // JSON array of {question, answer}.
    .addColumn('custom_answers', 'text')
    .addColumn('last_checked_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('messages_campaign_seq_unique')
    .on('messages')
    .columns(['campaign_id', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('messages_campaign_email_unique')
    .on('messages')
    .columns(['campaign_id', 'email_key'])
    .unique()
    .execute();
  // The dispatcher's claim: due queued rows, and expired leases to recover.
  await db.schema
    .createIndex('messages_due_index')
    .on('messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('messages_campaign_status_index')
    .on('messages')
    .columns(['campaign_id', 'status'])
    .execute();

  // Addresses that must not be mailed again. scope is a sender's user id (unsubscribed from that
  // sender) or '*' (everyone, e.g. a hard bounce).
  await db.schema
    .createTable('suppressions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('email_key', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason in ('unsubscribed', 'hard_bounce')`))
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('suppressions_scope_email_unique')
    .on('suppressions')
    .columns(['scope', 'email_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.dropTable('suppressions').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('campaigns').execute();
  if (postgres) {
    await sql`alter table users drop constraint users_balance_not_negative`.execute(db);
    await db.schema.dropTable('credit_ledger').execute();
    await sql`drop function credit_ledger_append_only()`.execute(db);
  } else {
    await sql`drop trigger users_balance_not_negative`.execute(db);
    await db.schema.dropTable('credit_ledger').execute();
  }
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
