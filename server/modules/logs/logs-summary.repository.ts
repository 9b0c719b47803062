import { sql } from 'kysely';
import {
  MAX_ACTIVE_CAMPAIGNS,
  MAX_RECENT_CAMPAIGNS,
  type PeriodFigures,
  type SendingSummary,
} from '../../../contract/logs.contract.ts';
import type { Db } from '../../db/schema.ts';
import { countsOf, listCampaigns, toCampaignLog } from './logs.repository.ts';

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of `now`'s week, and the first of its month. */
export function utcPeriodStarts(now: Date): { week: string; month: string } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return {
    week: new Date(midnight - sinceMonday * DAY_MS).toISOString(),
    month: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
  };
}

/** 1 when `condition` holds: summed, it counts matching rows (CASE is the form both engines share). */
const when = (condition: ReturnType<typeof sql>) =>
  sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * Sent, opened and blocked messages of the user's campaigns since two moments, in ONE query.
 * Times are stored as ISO text in UTC, so comparing them as text orders them in time. A blocked
 * message's moment is its last update: it is written blocked, or blocked when its turn came.
 */
async function periodFigures(db: Db, userId: string, weekStart: string, monthStart: string) {
  const since = weekStart < monthStart ? weekStart : monthStart;
  const sent = (start: string) => sql`messages.sent_at >= ${start}`;
  const opened = (start: string) => sql`messages.opened_at >= ${start}`;
  const blocked = (start: string) => sql`messages.status = 'blocked' and messages.updated_at >= ${start}`;
  const bounced = (start: string) => sql`messages.bounced_at >= ${start}`;
  const complained = (start: string) => sql`messages.complained_at >= ${start}`;
  const row = await db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select([
      when(sent(weekStart)).as('week_sent'),
      when(opened(weekStart)).as('week_opened'),
      when(blocked(weekStart)).as('week_blocked'),
      when(sent(monthStart)).as('month_sent'),
      when(opened(monthStart)).as('month_opened'),
      when(blocked(monthStart)).as('month_blocked'),
      when(bounced(weekStart)).as('week_bounced'),
      when(complained(weekStart)).as('week_complained'),
      when(bounced(monthStart)).as('month_bounced'),
      when(complained(monthStart)).as('month_complained'),
    ])
    .where('campaigns.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('messages.sent_at', '>=', since),
        eb('messages.opened_at', '>=', since),
        eb.and([eb('messages.status', '=', 'blocked'), eb('messages.updated_at', '>=', since)]),
        eb('messages.bounced_at', '>=', since),
        eb('messages.complained_at', '>=', since),
      ]),
    )
    .executeTakeFirstOrThrow();
  const figures = (prefix: 'week' | 'month'): PeriodFigures => ({
    sent: Number(row[`${prefix}_sent`] ?? 0),
    opened: Number(row[`${prefix}_opened`] ?? 0),
    blocked: Number(row[`${prefix}_blocked`] ?? 0),
    bounced: Number(row[`${prefix}_bounced`] ?? 0),
    complained: Number(row[`${prefix}_complained`] ?? 0),
  });
  return { week: figures('week'), month: figures('month') };
}

/** The overview of one user: balance, this week's and month's figures, the latest campaigns. */
export async function sendingSummary(
  db: Db,
  userId: string,
  starts: { week: string; month: string },
): Promise<SendingSummary> {
  const [credit, periods, recent, active] = await Promise.all([
    db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', userId).executeTakeFirst(),
    periodFigures(db, userId, starts.week, starts.month),
    listCampaigns(
      db,
      { ownerId: userId },
      { offset: 0, limit: MAX_RECENT_CAMPAIGNS, orderBy: 'created_at', descending: true },
    ),
    // Oldest first: the one that has waited longest for its recipients leads the live progress.
    listCampaigns(
      db,
      { ownerId: userId, statuses: ['sending', 'paused'] },
      { offset: 0, limit: MAX_ACTIVE_CAMPAIGNS, orderBy: 'created_at', descending: false },
    ),
  ]);
  // One grouped query for both lists (a campaign may be in each).
  const counts = await countsOf(db, [...new Set([...recent.rows, ...active.rows].map((row) => row.id))]);
  const quota = credit?.quota ?? 0;
  const used = credit?.used_quota ?? 0;
  return {
    quota,
    used,
    balance: quota - used,
    ...periods,
    recent: recent.rows.map((row) => toCampaignLog(row, counts.get(row.id)!)),
    active: active.rows.map((row) => toCampaignLog(row, counts.get(row.id)!)),
  };
}
