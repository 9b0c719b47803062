import { sql } from 'kysely';
import type { CampaignCounts, CampaignLog, MessageLogStatus } from '../../../contract/logs.contract.ts';
import type { CampaignRow, CampaignStatus, Db, MessageRow } from '../../db/schema.ts';
import { boundedCount } from '../../lib/bounded-count.ts';
import { containsLowerText, containsPattern, containsText } from '../../lib/search.ts';

export type CampaignFilter = {
  ownerId?: string | undefined;
  search?: string | undefined;
  status?: CampaignStatus | undefined;
  /** Any of these statuses (the overview's sending and paused campaigns). */
  statuses?: CampaignStatus[] | undefined;
};

function filteredCampaigns(db: Db, filter: CampaignFilter) {
  let query = db.selectFrom('campaigns').innerJoin('users', 'users.id', 'campaigns.user_id');
  if (filter.ownerId) query = query.where('campaigns.user_id', '=', filter.ownerId);
  if (filter.status) query = query.where('campaigns.status', '=', filter.status);
  if (filter.statuses) query = query.where('campaigns.status', 'in', filter.statuses);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([containsText('campaigns.subject', pattern), containsText('campaigns.name', pattern)]),
    );
  }
  return query;
}

export type CampaignWithOwner = CampaignRow & { username: string };

/** What a campaign's line in the log shows: not its HTML, which can be large. */
const LOG_COLUMNS = [
  'id',
  'user_id',
  'name',
  'subject',
  'from_email',
  'sender_name',
  'status',
  'recipients_count',
  'scheduled_at',
  'started_at',
  'late_seconds',
  'finished_at',
  'pause_reason',
  'created_at',
] as const satisfies readonly (keyof CampaignRow)[];

export type CampaignLogRow = Pick<CampaignRow, (typeof LOG_COLUMNS)[number]> & { username: string };

export async function listCampaigns(
  db: Db,
  filter: CampaignFilter,
  page: { offset: number; limit: number; orderBy: 'created_at' | 'subject'; descending: boolean },
): Promise<{ count: number; rows: CampaignLogRow[] }> {
  const { count } = await filteredCampaigns(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await filteredCampaigns(db, filter)
    .select(LOG_COLUMNS.map((column) => `campaigns.${column}` as const))
    .select('users.username')
    .orderBy(`campaigns.${page.orderBy}`, direction)
    .orderBy('campaigns.id', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCampaignWithOwner(db: Db, id: string): Promise<CampaignWithOwner | undefined> {
  return db
    .selectFrom('campaigns')
    .innerJoin('users', 'users.id', 'campaigns.user_id')
    .selectAll('campaigns')
    .select('users.username')
    .where('campaigns.id', '=', id)
    .executeTakeFirst();
}

export const noCounts = (): CampaignCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  blocked: 0,
  cancelled: 0,
  opened: 0,
  machine_opened: 0,
  clicked: 0,
  machine_clicked: 0,
  possible_duplicates: 0,
  bounced: 0,
  complained: 0,
});

/**
 * The figures of several campaigns in one query over `campaign_counts`, the per-status counters
 * the database keeps as messages are written (migration 2026-11-27-0240): a few rows per
 * campaign, however many messages it has, so reading the log while a 100k campaign sends costs
 * the same as reading it afterwards (issue 17).
 */
export async function countsOf(db: Db, campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
  const counts = new Map(campaignIds.map((id) => [id, noCounts()]));
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .selectFrom('campaign_counts')
    .selectAll()
    .where('campaign_id', 'in', campaignIds)
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.campaign_id)!;
    entry[row.status] = Number(row.total);
    entry.opened += Number(row.opened);
    entry.machine_opened += Number(row.machine_opened);
    entry.clicked += Number(row.clicked);
    entry.machine_clicked += Number(row.machine_clicked);
    entry.possible_duplicates += Number(row.duplicates);
    entry.bounced += Number(row.bounced);
    entry.complained += Number(row.complained);
  }
  return counts;
}

export function toCampaignLog(row: CampaignLogRow, counts: CampaignCounts): CampaignLog {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    name: row.name,
    subject: row.subject,
    from_email: row.from_email,
    sender_name: row.sender_name,
    status: row.status,
    recipients_count: row.recipients_count,
    counts,
    scheduled_at: row.scheduled_at,
    started_at: row.started_at,
    late_seconds: row.late_seconds,
    finished_at: row.finished_at,
    pause_reason: row.pause_reason,
    created_at: row.created_at,
  };
}

export type MessageFilter = {
  /** A stored status, or `bounced` / `complained` (delivered, then a report came back). */
  status?: MessageLogStatus | undefined;
  answer?: string | undefined;
  search?: string | undefined;
};

export function filteredMessages(db: Db, campaignId: string, filter: MessageFilter) {
  let query = db.selectFrom('messages').where('campaign_id', '=', campaignId);
  if (filter.status === 'complained') query = query.where('complained_at', 'is not', null);
  else if (filter.status === 'bounced')
    query = query.where('bounced_at', 'is not', null).where('complained_at', 'is', null);
  else if (filter.status === 'sent')
    query = query
      .where('status', '=', 'sent')
      .where('bounced_at', 'is', null)
      .where('complained_at', 'is', null);
  else if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.answer === 'answered') {
    query = query.where((eb) =>
      eb.or([eb('survey_answer', 'is not', null), eb('custom_answers', 'is not', null)]),
    );
  } else if (filter.answer === 'unanswered') {
    query = query.where('survey_answer', 'is', null).where('custom_answers', 'is', null);
  } else if (filter.answer) {
    query = query.where('survey_answer', '=', filter.answer);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([containsLowerText('email_key', pattern), containsText('name', pattern)]),
    );
  }
  return query;
}

export async function listMessages(
  db: Db,
  campaignId: string,
  filter: MessageFilter,
  page: {
    offset: number;
    limit: number;
    orderBy: 'seq' | 'email' | 'sent_at' | 'opened_at';
    descending: boolean;
  },
): Promise<{ count: number; count_capped: boolean; rows: MessageRow[] }> {
  // A search over a big campaign is counted only some way past the page (bounded-count.ts);
  // the status and answer filters use the campaign's index and are counted exactly.
  const counted = filter.search
    ? await boundedCount(db, filteredMessages(db, campaignId, filter).select('seq'), page.offset)
    : await filteredMessages(db, campaignId, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow()
        .then(({ count }) => ({ count: Number(count), count_capped: false }));
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await filteredMessages(db, campaignId, filter)
    .selectAll()
    .orderBy(page.orderBy === 'email' ? 'email_key' : page.orderBy, direction)
    .orderBy('seq', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { ...counted, rows };
}

/** Counts per time bucket: the ISO text prefix of `column` (13 characters = the hour, 10 = the day). */
export async function bucketCounts(
  db: Db,
  campaignId: string,
  column:
    | 'sent_at'
    | 'failed_at'
    | 'opened_at'
    | 'machine_opened_at'
    | 'clicked_at'
    | 'bounced_at'
    | 'complained_at',
  width: 10 | 13,
): Promise<{ at: string; count: number }[]> {
  const bucket = sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(width)})`;
  const rows = await db
    .selectFrom('messages')
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<number | string>().as('count')])
    .where('campaign_id', '=', campaignId)
    .where(column, 'is not', null)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  const suffix = width === 13 ? ':00:00.000Z' : 'T00:00:00.000Z';
  return rows.map((row) => ({ at: `${row.bucket}${suffix}`, count: Number(row.count) }));
}

export async function answerCounts(db: Db, campaignId: string) {
  const answers = await db
    .selectFrom('messages')
    .select((eb) => ['survey_answer', eb.fn.countAll<number | string>().as('count')])
    .where('campaign_id', '=', campaignId)
    .where('survey_answer', 'is not', null)
    .groupBy('survey_answer')
    .orderBy('survey_answer')
    .execute();
  const custom = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('campaign_id', '=', campaignId)
    .where('custom_answers', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    answers: answers.map((row) => ({ answer: row.survey_answer!, count: Number(row.count) })),
    customAnswered: Number(custom.count),
  };
}

/** One batch of the filtered messages after `afterSeq`, over the (campaign_id, seq) order: an export's page. */
export async function messagesAfter(
  db: Db,
  campaignId: string,
  filter: MessageFilter,
  afterSeq: number,
  limit: number,
): Promise<MessageRow[]> {
  return filteredMessages(db, campaignId, filter)
    .selectAll()
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/**
 * The per-link report: each tracked link of the campaign's content (numbered as the click route
 * numbers them), with the clicks counted on it, people's and machines' apart, and how many
 * recipients clicked it themselves. A number clicked but no longer in the content (it cannot
 * change after sending, so only in theory) is listed with the address stored at its first click.
 */
export async function linkReport(db: Db, campaignId: string, contentLinks: string[]) {
  const [totals, clickers] = await Promise.all([
    db
      .selectFrom('campaign_links')
      .select(['link_number', 'url', 'click_count', 'machine_click_count'])
      .where('campaign_id', '=', campaignId)
      .execute(),
    db
      .selectFrom('message_link_clicks')
      .select((eb) => ['link_number', eb.fn.countAll<number | string>().as('count')])
      .where('campaign_id', '=', campaignId)
      .where('click_count', '>', 0)
      .groupBy('link_number')
      .execute(),
  ]);
  const unique = new Map(clickers.map((row) => [row.link_number, Number(row.count)]));
  const counted = new Map(totals.map((row) => [row.link_number, row]));
  const numbers = new Set([...contentLinks.map((_, index) => index + 1), ...counted.keys()]);
  return [...numbers]
    .sort((a, b) => a - b)
    .map((number) => {
      const row = counted.get(number);
      return {
        number,
        url: contentLinks[number - 1] ?? row?.url ?? '',
        clicks: Number(row?.click_count ?? 0),
        machine_clicks: Number(row?.machine_click_count ?? 0),
        unique_clickers: unique.get(number) ?? 0,
      };
    });
}
