import type { StatementExportFormat } from '../../../contract/credits.contract.ts';
import { ledgerReasonText } from '../../../contract/ledger-reasons.ts';
import type { Db } from '../../db/schema.ts';
import { t, type Language } from '../../lib/i18n.ts';
import { writeXlsx } from '../../lib/xlsx-writer.ts';
import { toCsv } from '../recipients/export.service.ts';
import { listStatement, summarizeStatement, type StatementFilter } from './statement.repository.ts';

const BATCH = 2_000;

/** The columns of the exported statement, in order (labels under users:statement.columns). */
export const statementColumns = [
  'created_at',
  'type',
  'amount',
  'running_balance',
  'reason',
  'reference',
  'updated_by',
] as const;

/**
 * The filtered statement as CSV or XLSX with the same writers as the other exports: the lines
 * oldest first (a statement reads forwards), then the totals of the range. Times are ISO and
 * figures plain numbers, so a spreadsheet can compute with them.
 */
export async function exportStatement(
  db: Db,
  filter: StatementFilter,
  options: { format: StatementExportFormat; language: Language },
) {
  const { language } = options;
  const label = (key: string) => t(language, `users:statement.${key}`);
  const rows: string[][] = [statementColumns.map((column) => label(`columns.${column}`))];
  for (let offset = 0; ; offset += BATCH) {
    const page = await listStatement(db, filter, {
      offset,
      limit: BATCH,
      orderBy: 'created_at',
      descending: false,
    });
    for (const line of page.results) {
      rows.push([
        line.created_at,
        label(`types.${line.type}`),
        String(line.amount),
        String(line.running_balance),
        ledgerReasonText(line.reason, (key) => t(language, key)),
        line.order_id ?? line.campaign_id ?? '',
        line.updated_by ?? t(language, 'users:log.system'),
      ]);
    }
    if (page.results.length < BATCH) break;
  }
  const summary = await summarizeStatement(db, filter);
  rows.push(
    [],
    [label('totals.openingBalance'), String(summary.opening_balance)],
    [label('totals.creditsIn'), String(summary.credits_in)],
    [label('totals.creditsOut'), String(summary.credits_out)],
    [label('totals.net'), String(summary.net)],
    [label('totals.closingBalance'), String(summary.closing_balance)],
  );
  const base = `statement-${summary.user.username ?? filter.userId}`.replace(/[^\p{L}\p{N} _-]+/gu, '');
  if (options.format === 'xlsx') {
    return {
      body: writeXlsx(label('title'), rows),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${base}.xlsx`,
    };
  }
  return { body: Buffer.from(toCsv(rows), 'utf8'), type: 'text/csv; charset=utf-8', fileName: `${base}.csv` };
}
