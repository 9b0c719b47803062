import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code (see 2026-11-24-0020-sending.ts).
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Bounces and complaints that arrive after delivery (issue 16).
 *
 * - messages: when a delivered message bounced or drew a complaint, with the status code and
 *   diagnostic. messages.status keeps its CHECK (SQLite cannot alter one): `bounced` and
 *   `complained` are derived from these columns where the log shows a status.
 * - suppressions: rebuilt (it is small) so the reason may also be soft_bounce, complaint or
 *   manual, and so each row names the campaign it came from.
 * - campaigns.pause_reason: why the engine paused a campaign by itself (`bounce_rate`).
 * - feedback_events: one row per report applied, so the same DSN or webhook call twice does
 *   nothing more.
 * - inbound_reports: reports the inbound receiver could not match or read, kept (bounded) for
 *   administrators.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('bounced_at', 'text').execute();
  await db.schema.alterTable('messages').addColumn('bounce_code', 'text').execute();
  await db.schema.alterTable('messages').addColumn('bounce_diagnostic', 'text').execute();
  await db.schema.alterTable('messages').addColumn('complained_at', 'text').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('soft_bounce_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // "Three soft bounces in a row" reads a sender's latest messages to one address.
  await db.schema.createIndex('messages_email_key_index').on('messages').column('email_key').execute();

  await db.schema.alterTable('campaigns').addColumn('pause_reason', 'text').execute();

  await db.schema
    .createTable('suppressions_new')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('email_key', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) =>
      col
        .notNull()
        .check(sql`reason in ('unsubscribed', 'hard_bounce', 'soft_bounce', 'complaint', 'manual')`),
    )
    .addColumn('message_id', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into suppressions_new (id, scope, email_key, reason, message_id, campaign_id, created_at)
    select s.id, s.scope, s.email_key, s.reason, s.message_id,
      (select m.campaign_id from messages m where m.id = s.message_id), s.created_at
    from suppressions s`.execute(db);
  await db.schema.dropTable('suppressions').execute();
  await db.schema.alterTable('suppressions_new').renameTo('suppressions').execute();
  await db.schema
    .createIndex('suppressions_scope_email_unique')
    .on('suppressions')
    .columns(['scope', 'email_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('suppressions_scope_created_index')
    .on('suppressions')
    .columns(['scope', 'created_at'])
    .execute();

  await db.schema
    .createTable('feedback_events')
    // source:event id:message id, e.g. smtp:<dsn message-id>:<row id>.
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_events_message_index')
    .on('feedback_events')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('inbound_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('envelope_from', 'text', (col) => col.notNull())
    // JSON array of RCPT TO addresses.
    .addColumn('envelope_to', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    // delivery_status | feedback_report | plain | other
    .addColumn('kind', 'text', (col) => col.notNull())
    // Why it was not applied: no_match | unreadable
    .addColumn('problem', 'text', (col) => col.notNull())
    // JSON of what was read (recipient, status, diagnostic, token).
    .addColumn('details', 'text', (col) => col.notNull())
    // The start of the raw message, for the administrator to read.
    .addColumn('excerpt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('inbound_reports_received_index')
    .on('inbound_reports')
    .columns(['received_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbound_reports').execute();
  await db.schema.dropTable('feedback_events').execute();

  await db.schema
    .createTable('suppressions_old')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('email_key', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason in ('unsubscribed', 'hard_bounce')`))
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The older reasons had no room for the new ones: those rows cannot go back.
  await sql`insert into suppressions_old (id, scope, email_key, reason, message_id, created_at)
    select id, scope, email_key, reason, message_id, created_at from suppressions
    where reason in ('unsubscribed', 'hard_bounce')`.execute(db);
  await db.schema.dropTable('suppressions').execute();
  await db.schema.alterTable('suppressions_old').renameTo('suppressions').execute();
  await db.schema
    .createIndex('suppressions_scope_email_unique')
    .on('suppressions')
    .columns(['scope', 'email_key'])
    .unique()
    .execute();

  await db.schema.alterTable('campaigns').dropColumn('pause_reason').execute();
  await db.schema.dropIndex('messages_email_key_index').execute();
  for (const column of [
    'soft_bounce_count',
    'complained_at',
    'bounce_diagnostic',
    'bounce_code',
    'bounced_at',
  ]) {
    await db.schema.alterTable('messages').dropColumn(column).execute();
  }
}
