import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sender_domains')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('dkim_selector', 'text', (col) => col.notNull())
    // PEM (PKCS#8). Never leaves the server: the API shows only the public half as a DNS record.
    .addColumn('dkim_private_key', 'text', (col) => col.notNull())
    // Base64 SPKI DER, exactly as it goes into the DKIM record's p= tag.
    .addColumn('dkim_public_key', 'text', (col) => col.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('last_checked_at', 'text')
    // JSON {dkim, spf, dmarc} -> boolean from the last DNS check.
    .addColumn('last_check', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sender_domains_user_domain_unique')
    .on('sender_domains')
    .columns(['user_id', 'domain'])
    .unique()
    .execute();

  await db.schema
    .createTable('sender_emails')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (col) =>
      col.notNull().references('sender_domains.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sender_emails_user_email_unique')
    .on('sender_emails')
    .columns(['user_id', 'email_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('sender_names')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sender_names_user_index').on('sender_names').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sender_names').execute();
  await db.schema.dropTable('sender_emails').execute();
  await db.schema.dropTable('sender_domains').execute();
}
