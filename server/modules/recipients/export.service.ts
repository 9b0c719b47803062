import { exportColumns, type ExportFormat } from '../../../contract/recipients.contract.ts';
import type { Db, RecipientListRow } from '../../db/schema.ts';
import { writeXlsx } from '../../lib/xlsx-writer.ts';
import { toRecipient } from './recipients.repository.ts';

const BATCH = 2_000;

/** The list's rows: fixed columns, then one column per extra-field name, in first-seen order. */
async function table(db: Db, listId: string): Promise<string[][]> {
  const recipients = [];
  // Keyset pages over the (list_id, created_at, id) index: constant cost per page however long the list.
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('recipients')
      .selectAll()
      .where('list_id', '=', listId)
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('created_at', '>', after!.created_at),
            eb.and([eb('created_at', '=', after!.created_at), eb('id', '>', after!.id)]),
          ]),
        ),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    recipients.push(...rows.map(toRecipient));
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!;
  }
  const extraNames = [...new Set(recipients.flatMap((r) => r.extra.map((field) => field.name)))];
  const header = [...exportColumns, ...extraNames];
  const body = recipients.map((r) => {
    const extra = new Map(r.extra.map((field) => [field.name, field.value]));
    return [...exportColumns.map((column) => r[column]), ...extraNames.map((name) => extra.get(name) ?? '')];
  });
  return [header, ...body];
}

/**
 * A spreadsheet opening the CSV would run a cell starting with = + - @ as a formula. Such a cell
 * gets a leading apostrophe; a phone number such as +966 5... (digits only) is left as it is.
 */
function csvCell(value: string): string {
  const safe = /^[=@\t\r]/.test(value) || /^[+-](?![\d\s().-]*$)/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  // The byte-order mark makes Excel read the file as UTF-8 (Arabic names stay readable).
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export async function exportList(db: Db, list: RecipientListRow, format: ExportFormat) {
  const rows = await table(db, list.id);
  const base = list.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'recipients';
  if (format === 'xlsx') {
    return {
      body: writeXlsx(list.name, rows),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${base}.xlsx`,
    };
  }
  return { body: Buffer.from(toCsv(rows), 'utf8'), type: 'text/csv; charset=utf-8', fileName: `${base}.csv` };
}
