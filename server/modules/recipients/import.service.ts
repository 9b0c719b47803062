import { emailKey } from '../../../contract/email.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { checkImportRow, type CheckedRow } from '../../../contract/recipient-import.ts';
import type { ImportResult, ImportRow } from '../../../contract/recipients.contract.ts';
import type { Db, RecipientListRow } from '../../db/schema.ts';
import { uuid7 } from '../../lib/uuid7.ts';
import { findStored, refreshStatistics, upsertRecipients } from './import.repository.ts';
import { recount } from './lists.repository.ts';
import { columnsOf } from './recipients.repository.ts';

/**
 * A row already in the list keeps what the file leaves empty: an import adds and corrects, it
 * never erases a phone number because the file had no phone column. Extra fields merge by name.
 * The address stays as it was first written (`USER1@EXAMPLE.COM` does not rewrite `user1@...`).
 */
function merge(old: CheckedRow | undefined, incoming: CheckedRow): CheckedRow {
  if (!old) return incoming;
  const pick = (field: Exclude<keyof CheckedRow, 'email' | 'extra'>) => incoming[field] || old[field];
  const names = new Set(incoming.extra.map((field) => field.name));
  return {
    email: old.email,
    name: pick('name'),
    job_title: pick('job_title'),
    phone: pick('phone'),
    organization: pick('organization'),
    country: pick('country'),
    attachment: pick('attachment'),
    extra: [...old.extra.filter((field) => !names.has(field.name)), ...incoming.extra],
  };
}

/**
 * Stores one chunk of an import in one transaction: every row is checked again, an address the
 * list already holds (in any case) is updated instead of duplicated, and the list's count is
 * recounted before commit. Within the chunk the first row of an address wins; each later one is
 * refused as a duplicate naming that first row (the browser does the same across chunks, so a
 * file's later rows never overwrite its earlier ones). Running the same chunk twice therefore
 * stores nothing twice, and a chunk that failed half-way stored nothing at all. The database sees
 * three statements per chunk (find the stored rows, upsert all rows, recount), whatever its size.
 */
export async function importChunk(
  db: Db,
  list: RecipientListRow,
  rows: readonly ImportRow[],
  now: Date,
): Promise<ImportResult> {
  const rejected: ImportResult['rejected'] = [];
  const byKey = new Map<string, { row: number; fields: CheckedRow }>();
  let cleaned = 0;
  rows.forEach((row, index) => {
    const line = row.row ?? index + 1;
    const checked = checkImportRow(row);
    cleaned += checked.cleaned;
    if (!checked.ok) {
      rejected.push({ row: line, reason: checked.reason });
      return;
    }
    const key = emailKey(checked.value.email);
    const first = byKey.get(key);
    if (first) rejected.push({ row: line, reason: validationKeys.duplicate, first_row: first.row });
    else byKey.set(key, { row: line, fields: checked.value });
  });
  if (byKey.size === 0) return { added: 0, updated: 0, rejected, cleaned };

  const at = now.toISOString();
  const added = await db.transaction().execute(async (trx) => {
    const existing = await findStored(trx, list.id, [...byKey.keys()]);
    // New rows get a fresh id and created_at; a row already stored keeps both (the upsert's
    // update leaves them alone), so its place in the list's order does not move.
    const values = [...byKey].map(([key, { fields }]) => ({
      id: uuid7(),
      ...columnsOf(merge(existing.get(key), fields)),
    }));
    await upsertRecipients(trx, list, values, at);
    await recount(trx, list.id, now);
    return byKey.size - existing.size;
  });
  await refreshStatistics(db);
  return { added, updated: byKey.size - added, rejected, cleaned };
}
