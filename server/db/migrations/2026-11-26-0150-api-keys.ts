import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * API keys for the HTTP v1 API, and the Idempotency-Key records of its POST requests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // The key's first characters, shown in lists so a user can tell keys apart.
    .addColumn('prefix', 'text', (col) => col.notNull())
    // sha256 hex of the whole key; the key itself is never stored.
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    // JSON array of scopes.
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('api_keys_user_id_index')
    .on('api_keys')
    .columns(['user_id', 'created_at'])
    .execute();

  // One row per (user, Idempotency-Key): inserting it is the lock that lets one of two racing
  // requests run; the answer is stored on it and replayed for 24 hours.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    // sha256 hex of method, route and body: the same key with another request is refused.
    .addColumn('request_hash', 'text', (col) => col.notNull())
    // Null while the first request is still being answered.
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_index')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('api_keys').execute();
}
