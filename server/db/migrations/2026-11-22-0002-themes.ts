import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema of their date, not today's types */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('themes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('primary_color', 'text', (col) => col.notNull())
    .addColumn('secondary_color', 'text', (col) => col.notNull())
    .addColumn('accent_color', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Names are unique regardless of case ("Dark" and "dark" would be indistinguishable in the UI).
  // An expression index enforces that even when two requests race past the application's check.
  await db.schema
    .createIndex('themes_name_unique')
    .on('themes')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  // At most one active theme, enforced by the database itself: a partial unique index over the
  // rows where is_active = 1 (supported by SQLite and PostgreSQL alike).
  await db.schema
    .createIndex('themes_single_active')
    .on('themes')
    .column('is_active')
    .unique()
    .where(sql.ref('is_active'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('themes').execute();
}
