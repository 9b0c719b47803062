import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A test send (issue 32) is the first recipient's real campaign message, so its tracking, survey
 * and unsubscribe links need a token the public pages know. Each test send is one row here, apart
 * from campaigns and messages: it is in no log, no count and no credit, and what its links
 * receive is shown but never recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_sends')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('survey', 'text')
    .addColumn('track_clicks', 'integer', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('variables', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_sends').execute();
}
