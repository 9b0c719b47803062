import { tableCsv } from '../../lib/recipient-import/columns.ts';
import { saveFile } from '../recipients.service.ts';

/**
 * Saves the rejected rows (a table whose first row is the header: row number, reason, then the
 * file's own columns) as CSV or as an Excel workbook. SheetJS is loaded only when XLSX is asked
 * for, so it never weighs on the page's first load.
 */
export async function saveRejectedRows(table: string[][], fileName: string, format: 'csv' | 'xlsx') {
  if (format === 'csv') {
    saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
    return;
  }
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  // Every cell as text: a phone number or an ID stays as the user wrote it.
  const sheet = XLSX.utils.aoa_to_sheet(table.map((cells) => cells.map((cell) => ({ t: 's', v: cell }))));
  book.Workbook = { Views: [{ RTL: true }] };
  XLSX.utils.book_append_sheet(book, sheet, 'rejected');
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  saveFile(
    new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
}
