import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recipient_lists')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Kept in the same transaction as every insert and delete of the list's recipients, so the
    // lists screen never counts 100k rows per list to show one number.
    .addColumn('recipients_count', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`recipients_count >= 0`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('recipient_lists_owner_index')
    .on('recipient_lists')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('recipients')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('list_id', 'text', (col) => col.notNull().references('recipient_lists.id').onDelete('cascade'))
    // The list's owner, repeated so ownership checks and the sending engine need no join.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    // As typed, trimmed, with the domain lower-cased (the local part is case-sensitive by RFC).
    .addColumn('email', 'text', (col) => col.notNull())
    // Fully lower-cased: a list holds an address once, compared case-insensitively.
    .addColumn('email_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('job_title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('organization', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo(''))
    // JSON array of {name, value}: the recipient's own variables for personalised sends.
    .addColumn('extra', 'text', (col) => col.notNull().defaultTo('[]'))
    // The name of a file, inside the zips uploaded for a send, attached to this recipient only.
    .addColumn('attachment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('recipients_list_email_unique')
    .on('recipients')
    .columns(['list_id', 'email_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('recipients_list_order_index')
    .on('recipients')
    .columns(['list_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('recipient_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('recipient_groups_owner_index')
    .on('recipient_groups')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('recipient_group_lists')
    .addColumn('group_id', 'text', (col) =>
      col.notNull().references('recipient_groups.id').onDelete('cascade'),
    )
    .addColumn('list_id', 'text', (col) => col.notNull().references('recipient_lists.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('recipient_group_lists_pk', ['group_id', 'list_id'])
    .execute();
  await db.schema
    .createIndex('recipient_group_lists_list_index')
    .on('recipient_group_lists')
    .column('list_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recipient_group_lists').execute();
  await db.schema.dropTable('recipient_groups').execute();
  await db.schema.dropTable('recipients').execute();
  await db.schema.dropTable('recipient_lists').execute();
}
