import { randomBytes } from 'node:crypto';
import type { Db, InboundReportsTable } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

/** Reports the receiver could not apply, kept for administrators: at most `max`, newest first. */
export type NewInboundReport = Omit<InboundReportsTable, 'id'>;

let sequence = 0;
/** Sorts by arrival: time, then a process counter, then randomness. */
function sortableId(at: string): string {
  sequence = (sequence + 1) % 0x1000000;
  return (
    new Date(at).getTime().toString(16).padStart(12, '0') +
    sequence.toString(16).padStart(6, '0') +
    randomBytes(7).toString('hex')
  );
}

export async function keepInboundReport(db: Db, report: NewInboundReport, max: number): Promise<string> {
  const id = sortableId(report.received_at);
  await db
    .insertInto('inbound_reports')
    .values({ id, ...report })
    .execute();
  // Bounded: whoever sends us junk can never fill the disk.
  await db
    .deleteFrom('inbound_reports')
    .where('id', 'not in', (qb) =>
      qb
        .selectFrom('inbound_reports')
        .select('id')
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(max),
    )
    .execute();
  return id;
}

export async function pageInboundReports(
  db: Db,
  input: { page: number; pageSize: number; search?: string | undefined },
) {
  const pattern = input.search ? containsPattern(input.search) : null;
  const filtered = () => {
    const query = db.selectFrom('inbound_reports');
    return pattern
      ? query.where((eb) =>
          eb.or([
            containsText('subject', pattern),
            containsText('envelope_from', pattern),
            containsText('envelope_to', pattern),
          ]),
        )
      : query;
  };
  const { count } = await filtered()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await filtered()
    .selectAll()
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  return { count: Number(count), rows };
}
