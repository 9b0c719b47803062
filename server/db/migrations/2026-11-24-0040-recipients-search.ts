import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The recipients screen searches e-mail, name, job title, phone, organization and country at
 * once. One lower-cased column made in code (the database's lower() only folds ASCII on SQLite)
 * turns six case-folding LIKEs per row into one plain LIKE over a list's rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('recipients')
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update recipients set search_text = lower(email_key || ' ' || name || ' ' || job_title || ' ' || phone || ' ' || organization || ' ' || country)`.execute(
    db,
  );
  await db.schema
    .createIndex('recipient_lists_owner_name_index')
    .on('recipient_lists')
    .columns(['owner_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('recipient_lists_owner_name_index').execute();
  await db.schema.alterTable('recipients').dropColumn('search_text').execute();
}
