import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    // Relative to DATA_DIR/uploads, so the folder can move (or become an object store prefix).
    .addColumn('storage_path', 'text', (col) => col.notNull())
    // Zips only: JSON array of {name, size, file} for every extracted entry, in archive order.
    .addColumn('entries', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('entries_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('campaign_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('uploads_owner_index')
    .on('uploads')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('uploads_campaign_index')
    .on('uploads')
    .columns(['campaign_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
