import { rm } from 'node:fs/promises';
import path from 'node:path';
import { containsPattern, containsText } from '../../lib/search.ts';
import type { CapturedMailRow, Db } from '../../db/schema.ts';

/** Raw messages live here, one `<id>.eml` each; the table row points at the file. */
export const mailboxRoot = (dataDir: string) => path.join(dataDir, 'mailbox');
export const storedFile = (dataDir: string, storagePath: string) =>
  path.join(mailboxRoot(dataDir), storagePath);

export type CapturedMailInsert = Omit<CapturedMailRow, never>;

export async function insertCapturedMail(db: Db, row: CapturedMailInsert): Promise<void> {
  await db.insertInto('captured_mail').values(row).execute();
}

function filtered(db: Db, search: string | undefined) {
  const query = db.selectFrom('captured_mail');
  if (!search) return query;
  const pattern = containsPattern(search);
  const like = (column: 'subject' | 'envelope_to' | 'to_header' | 'from_header' | 'envelope_from') =>
    containsText(column, pattern);
  return query.where((eb) =>
    eb.or([
      like('subject'),
      like('envelope_to'),
      like('to_header'),
      like('from_header'),
      like('envelope_from'),
    ]),
  );
}

export async function listCapturedMail(
  db: Db,
  search: string | undefined,
  page: { offset: number; limit: number; ascending?: boolean },
): Promise<{ count: number; rows: CapturedMailRow[] }> {
  const { count } = await filtered(db, search)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, search)
    .selectAll()
    .orderBy('received_at', page.ascending ? 'asc' : 'desc')
    .orderBy('id', page.ascending ? 'asc' : 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

export function findCapturedMail(db: Db, id: string): Promise<CapturedMailRow | undefined> {
  return db.selectFrom('captured_mail').selectAll().where('id', '=', id).executeTakeFirst();
}

async function removeRowsAndFiles(
  db: Db,
  dataDir: string,
  rows: Pick<CapturedMailRow, 'id' | 'storage_path'>[],
) {
  // Rows go first: a file without a row is invisible, a row without a file would show broken.
  for (let at = 0; at < rows.length; at += 500) {
    const chunk = rows.slice(at, at + 500);
    await db
      .deleteFrom('captured_mail')
      .where(
        'id',
        'in',
        chunk.map((row) => row.id),
      )
      .execute();
    await Promise.all(chunk.map((row) => rm(storedFile(dataDir, row.storage_path), { force: true })));
  }
}

/** Keeps the newest `keep` messages and removes the rest, rows and files. Answers how many went. */
export async function pruneCapturedMail(db: Db, dataDir: string, keep: number): Promise<number> {
  const surplus = await db
    .selectFrom('captured_mail')
    .select(['id', 'storage_path'])
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    // Without a limit PostgreSQL accepts OFFSET alone but SQLite does not.
    .limit(1_000_000)
    .execute();
  await removeRowsAndFiles(db, dataDir, surplus);
  return surplus.length;
}

/** Empties the mailbox. */
export async function clearCapturedMail(db: Db, dataDir: string): Promise<number> {
  return pruneCapturedMail(db, dataDir, 0);
}
