import type { Db } from '../../db/schema.ts';
import { t, type Language } from '../../lib/i18n.ts';
import { writeXlsx } from '../../lib/xlsx-writer.ts';
import { toCsv } from '../recipients/export.service.ts';
import { suppressionsAfter, type SuppressionFilter } from './suppressions.repository.ts';

const BATCH = 2_000;

/** The suppression list as CSV or XLSX, with the same helpers as the e-mail log's export. */
export async function exportSuppressions(
  db: Db,
  filter: SuppressionFilter,
  options: { format: 'csv' | 'xlsx'; language: Language; withSender: boolean },
) {
  const { language } = options;
  const columns = ['email', 'reason', 'campaign', 'created_at', ...(options.withSender ? ['sender'] : [])];
  const rows: string[][] = [columns.map((column) => t(language, `suppressions:columns.${column}`))];
  for (let after: string | null = null; ;) {
    const batch = await suppressionsAfter(db, filter, after, BATCH);
    for (const row of batch) {
      const cells: string[] = [
        row.email_key,
        t(language, `suppressions:reasons.${row.reason}`),
        row.campaign_subject ?? '',
        row.created_at,
      ];
      if (options.withSender)
        cells.push(row.scope === '*' ? t(language, 'suppressions:everyone') : (row.username ?? ''));
      rows.push(cells);
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  const title = t(language, 'suppressions:title');
  if (options.format === 'xlsx') {
    return {
      body: writeXlsx(title, rows),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: 'suppressions.xlsx',
    };
  }
  return {
    body: Buffer.from(toCsv(rows), 'utf8'),
    type: 'text/csv; charset=utf-8',
    fileName: 'suppressions.csv',
  };
}
