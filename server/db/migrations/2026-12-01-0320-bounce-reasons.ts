import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Why a message bounced (issue 32), next to bounce_code and bounce_diagnostic:
 * - bounce_type: `hard` (the address is bad), `soft` (it is not shown to be), `sender` (the
 *   sender's domain, IP or content was refused);
 * - bounce_reason: the reason in Sisimai's vocabulary (userunknown, mailboxfull, authfailure...).
 * Older bounces keep null: their reason was never read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('bounce_type', 'text').execute();
  await db.schema.alterTable('messages').addColumn('bounce_reason', 'text').execute();
  // The suppression a bounce wrote says which reason it was for (releasing by reason).
  await db.schema.alterTable('suppressions').addColumn('bounce_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('suppressions').dropColumn('bounce_reason').execute();
  await db.schema.alterTable('messages').dropColumn('bounce_reason').execute();
  await db.schema.alterTable('messages').dropColumn('bounce_type').execute();
}
