import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * When the recipient last answered the survey, so the overview can count answers per day (issue
 * 22). Older answers take the last time the message was seen: the best moment kept for them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('answered_at', 'text').execute();
  await sql`update messages set answered_at = coalesce(last_checked_at, updated_at)
    where survey_answer is not null or custom_answers is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('answered_at').execute();
}
