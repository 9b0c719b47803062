import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What the built-in capture SMTP server received (used when no SMTP_URL relay is configured).
 * The raw message stays on disk under DATA_DIR/mailbox; the row holds what the list and search
 * need without opening the file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('captured_mail')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('envelope_from', 'text', (col) => col.notNull())
    // JSON array of the RCPT TO addresses.
    .addColumn('envelope_to', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    // The From and To headers as written in the message (display names included).
    .addColumn('from_header', 'text', (col) => col.notNull())
    .addColumn('to_header', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text')
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('has_attachments', 'integer', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    // Relative to DATA_DIR/mailbox.
    .addColumn('storage_path', 'text', (col) => col.notNull())
    .execute();
  // Newest first is the only order the mailbox shows, and pruning drops the oldest.
  await db.schema
    .createIndex('captured_mail_received_index')
    .on('captured_mail')
    .columns(['received_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captured_mail').execute();
}
