import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code (see 2026-11-24-0020-sending.ts).
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Where replies to a campaign go (its Reply-To header); null: to the From address. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('reply_to', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('reply_to').execute();
}
