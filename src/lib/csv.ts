/**
 * CSV as spreadsheets open it: comma separated, CRLF lines, fields quoted when they hold a quote,
 * comma or line break, and a BOM so Excel reads Arabic as UTF-8.
 */
export type CsvCell = string | number | null;

/** Text a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote. */
function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => quoted(cellText(cell))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
