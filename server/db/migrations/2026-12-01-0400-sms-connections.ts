import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SMSC connections administrators add (issue 33). The URL is kept without its password; the
 * password has its own column, read only to bind and never answered by the API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_connections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    // smpp(s)://system_id@host:port?settings, as redactSmppUrl writes it.
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('password', 'text', (col) => col.notNull())
    // The last "test the connection": bound or failed, when, and the SMSC's or network's reason.
    .addColumn('last_test_state', 'text')
    .addColumn('last_test_error', 'text')
    .addColumn('last_tested_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_connections').execute();
}
