import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Settings -> Security: two-factor sign-in (TOTP secret, one-time recovery codes, the short-lived
 * ticket between the password and the code), sessions with their device, address and last use,
 * the sign-in history, the account's language for its notices, and the administrators' "require
 * two-factor sign-in for everyone".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('ar'))
    .execute();
  await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_enabled_at', 'text').execute();
  // The last TOTP time step accepted: a code works once, even within its 30 seconds.
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'bigint').execute();

  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_index').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('login_tickets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // No foreign key to sessions: the history outlives them; users cascade (their history goes).
  await db.schema
    .createTable('sign_ins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sign_ins_user_created_index')
    .on('sign_ins')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
  await db.schema.dropTable('sign_ins').execute();
  await db.schema.dropTable('login_tickets').execute();
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of ['last_used_at', 'ip', 'device']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  for (const column of [
    'two_factor_last_step',
    'two_factor_enabled_at',
    'two_factor_pending_secret',
    'two_factor_secret',
    'language',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
