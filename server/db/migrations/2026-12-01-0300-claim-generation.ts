import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A fencing value on every message (issue 31): each claim increments `claim_generation` in the
 * same write that leases the row, and every later write of that claim (its result, a release, a
 * lease renewal) is conditional on it. A dispatcher whose lease was taken back, even one that
 * claimed the same row again meanwhile, can then never write over a newer claim.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('claim_generation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('claim_generation').execute();
}
