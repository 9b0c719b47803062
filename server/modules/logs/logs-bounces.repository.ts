import type { CampaignBounces } from '../../../contract/logs.contract.ts';
import type { Db } from '../../db/schema.ts';

/**
 * One campaign's bounces by type and reason, in one grouped query over its messages (the
 * campaign-and-status index keeps it to the campaign's rows). A soft bounce leaves bounce_type on a
 * delivered message without bounced_at, so bounce_type, not bounced_at, says a message bounced.
 * Bounces recorded before reasons were read (bounce_type null) are in no count here.
 */
export async function campaignBounces(db: Db, campaignId: string): Promise<CampaignBounces> {
  const rows = await db
    .selectFrom('messages')
    .select(['bounce_type', 'bounce_reason', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('campaign_id', '=', campaignId)
    .where('bounce_type', 'is not', null)
    .groupBy(['bounce_type', 'bounce_reason'])
    .execute();
  const bounces: CampaignBounces = { hard: 0, soft: 0, sender: 0, reasons: [] };
  for (const row of rows) {
    const count = Number(row.count);
    const type = row.bounce_type!;
    bounces[type] += count;
    if (row.bounce_reason) bounces.reasons.push({ bounce_type: type, reason: row.bounce_reason, count });
  }
  // Most frequent first; ties by name, so the order is the same on both engines.
  bounces.reasons.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return bounces;
}
