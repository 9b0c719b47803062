import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema.ts';

/**
 * Releases scheduled campaigns when their time has come. It looks at the clock, not at timers
 * set when the campaign was accepted, so a campaign due while the server was down starts at the
 * next start and records how late it was.
 */

// Below this a start counts as on time: the scheduler only looks every few seconds.
const ON_TIME_SECONDS = 60;

export async function releaseDueCampaigns(
  db: Db,
  input: { now: Date; log?: FastifyBaseLogger },
): Promise<{ id: string; lateSeconds: number | null }[]> {
  const now = input.now;
  // Few rows (only scheduled campaigns); the times are compared as instants, whatever offset
  // they were written with.
  const scheduled = await db
    .selectFrom('campaigns')
    .select(['id', 'scheduled_at'])
    .where('status', '=', 'scheduled')
    .execute();
  const released: { id: string; lateSeconds: number | null }[] = [];
  for (const campaign of scheduled) {
    const due = campaign.scheduled_at ? new Date(campaign.scheduled_at) : now;
    if (Number.isNaN(due.getTime()) || due.getTime() > now.getTime()) continue;
    const late = Math.floor((now.getTime() - due.getTime()) / 1000);
    const lateSeconds = late > ON_TIME_SECONDS ? late : null;
    // Conditional on the status: with several processes, exactly one releases the campaign.
    const row = await db
      .updateTable('campaigns')
      .set({
        status: 'sending',
        started_at: now.toISOString(),
        late_seconds: lateSeconds,
        updated_at: now.toISOString(),
      })
      .where('id', '=', campaign.id)
      .where('status', '=', 'scheduled')
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    released.push({ id: row.id, lateSeconds });
    if (lateSeconds !== null) {
      input.log?.warn(
        { campaign: row.id, scheduledAt: campaign.scheduled_at, lateSeconds },
        'scheduled campaign started late (the server was not running when it was due)',
      );
    } else {
      input.log?.info({ campaign: row.id }, 'scheduled campaign started');
    }
  }
  return released;
}
