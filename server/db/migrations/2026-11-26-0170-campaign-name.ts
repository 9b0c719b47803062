import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code (see 2026-11-24-0020-sending.ts).
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The sender's own name for a campaign; null: the log shows its subject. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('name').execute();
}
