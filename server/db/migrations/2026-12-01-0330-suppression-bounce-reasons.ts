import type { Kysely } from 'kysely';
import { classifyStoredBounce } from '../../mail/feedback/classify.ts';

// Migrations take Kysely<any>: they must keep describing the schema as it was on this date.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Bounce suppressions written before reasons were read (issue 32) get their reason once, read from
 * the source message's stored bounce_code and bounce_diagnostic by the classifier, so the list's
 * reason filter and "release all matching" find them (an old DMARC refusal stored as a hard bounce
 * becomes `authfailure`, and can be released).
 *
 * A migration rather than a reading at display time: the filter and the release are SQL over the
 * stored column, which an on-read fallback could not serve, and the classification happens once
 * instead of on every page. It imports the classifier (a pure function over text, no schema): the
 * one exception to "migrations import no app code", because the reason must be the same reading
 * the live path gives. Rows whose message holds no code or text stay null (nothing to read).
 */
const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; reason: string; code: string | null; diagnostic: string | null }> =
      await db
        .selectFrom('suppressions')
        .innerJoin('messages', 'messages.id', 'suppressions.message_id')
        .select([
          'suppressions.id as id',
          'suppressions.reason as reason',
          'messages.bounce_code as code',
          'messages.bounce_diagnostic as diagnostic',
        ])
        .where('suppressions.reason', 'in', ['hard_bounce', 'soft_bounce'])
        .where('suppressions.bounce_reason', 'is', null)
        .where('suppressions.id', '>', after)
        .orderBy('suppressions.id')
        .limit(BATCH)
        .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      if (!row.code && !row.diagnostic) continue;
      const reason = classifyStoredBounce({
        status: row.code,
        diagnostic: row.diagnostic,
        temporary: row.reason === 'soft_bounce',
      });
      await db.updateTable('suppressions').set({ bounce_reason: reason }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** The reasons read here cannot be told from those written live: they stay. */
export async function down(): Promise<void> {}
