import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What each upload takes on disk (the original plus a zip's unpacked entries), so a user's quota
 * of unused uploads is one SUM. Older rows count their original only: they expire within a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('stored_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update uploads set stored_bytes = size`.execute(db);
  await db.schema
    .createIndex('uploads_owner_unused_index')
    .on('uploads')
    .columns(['owner_id', 'campaign_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_owner_unused_index').execute();
  await db.schema.alterTable('uploads').dropColumn('stored_bytes').execute();
}
