import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
    // The HTML the e-mail is rendered from, whichever editor wrote it.
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('editor', 'text', (col) => col.notNull().check(sql`editor in ('visual', 'html')`))
    // JSON array of the custom variable names the sender declared (the predefined ones are implied).
    .addColumn('variables', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('templates_owner_index')
    .on('templates')
    .columns(['owner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('templates').execute();
}
