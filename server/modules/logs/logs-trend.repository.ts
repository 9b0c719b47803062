import { sql } from 'kysely';
import { TREND_DAYS, type SendingTrend, type TrendDay } from '../../../contract/logs.contract.ts';
import type { Db } from '../../db/schema.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The overview's trend (issue 22): sent, opened (by people) and answered messages per day for
 * TREND_DAYS days. The sender's days are not UTC days, and the two engines share no time-zone
 * arithmetic on ISO text, so each engine counts per ten UTC minutes (the first 15 characters of
 * the stored ISO time) and the slots are summed into the sender's days here. Exact for every
 * offset of whole or half hours; a :45 offset (Nepal, Chatham) may put the five minutes around
 * midnight on the wrong day. The offset is today's: a clock change within the 30 days moves
 * that hour of its older days by one hour.
 */
export async function sendingTrend(
  db: Db,
  scope: { ownerId: string | null },
  window: { start: string; utcOffsetMinutes: number },
): Promise<SendingTrend> {
  const offset = window.utcOffsetMinutes * MINUTE_MS;
  // Rounded to a whole day: a start from before a clock change is an hour off today's offset.
  const firstDay = Math.round((Date.parse(window.start) + offset) / DAY_MS) * DAY_MS;
  const dates = Array.from({ length: TREND_DAYS }, (_, index) =>
    new Date(firstDay + index * DAY_MS).toISOString().slice(0, 10),
  );
  const days = new Map<string, TrendDay>(
    dates.map((date) => [date, { date, sent: 0, opened: 0, answered: 0 }]),
  );
  const end = new Date(Date.parse(window.start) + TREND_DAYS * DAY_MS).toISOString();

  const column = { sent: 'sent_at', opened: 'opened_at', answered: 'answered_at' } as const;
  await Promise.all(
    (Object.keys(column) as (keyof typeof column)[]).map(async (figure) => {
      const at = sql.ref(`messages.${column[figure]}`);
      let query = db
        .selectFrom('messages')
        .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
        .select([sql<string>`substr(${at}, 1, 15)`.as('slot'), sql<number | string>`count(*)`.as('count')])
        .where(sql<boolean>`${at} >= ${window.start}`)
        .where(sql<boolean>`${at} < ${end}`)
        .groupBy(sql`substr(${at}, 1, 15)`);
      if (scope.ownerId !== null) query = query.where('campaigns.user_id', '=', scope.ownerId);
      for (const row of await query.execute()) {
        const local = new Date(Date.parse(`${row.slot}0:00.000Z`) + offset).toISOString().slice(0, 10);
        const day = days.get(local);
        if (day) day[figure] += Number(row.count);
      }
    }),
  );
  return { days: dates.map((date) => days.get(date)!) };
}

/** UTC midnight TREND_DAYS - 1 days before `now`: the first day when the browser names none. */
export function utcTrendStart(now: Date): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - (TREND_DAYS - 1) * DAY_MS).toISOString();
}
