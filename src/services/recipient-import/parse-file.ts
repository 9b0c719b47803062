import Papa from 'papaparse';
import * as XLSX from 'xlsx';

import { fileKindOf, type ParsedSheet, type SheetRow } from '../../lib/recipient-import/sheet.ts';

export type { ParsedSheet, SheetRow };

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Every cell as a plain trimmed string: nothing from the file is ever treated as markup or code. */
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** The first non-blank row is the header; blank rows anywhere are skipped. */
function toSheet(lines: SheetRow[]): ParsedSheet {
  const filled = lines.filter((line) => !isBlank(line.cells));
  const [header, ...rows] = filled;
  if (!header) return { headers: [], rows: [] };
  // A loop, not Math.max(...rows): spreading 200k arguments overflows the stack.
  let width = header.cells.length;
  for (const row of rows) width = Math.max(width, row.cells.length);
  const pad = (cells: string[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
  return { headers: pad(header.cells), rows: rows.map((row) => ({ line: row.line, cells: pad(row.cells) })) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** One date format whatever the sheet's locale showed: 2026-01-15, with the time when it has one. */
function formatDate(date: Date): string {
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  const time =
    date.getHours() || date.getMinutes() ? ` ${two(date.getHours())}:${two(date.getMinutes())}` : '';
  return day + time;
}

/**
 * Excel: SheetJS reads the first sheet. Cells come as their formatted text (`raw: false`), so a
 * formula gives its computed value (never the formula), a date its yyyy-mm-dd form and a number
 * what the user saw. Row numbers are the sheet's own, so refusals point at the right row.
 */
function parseWorkbook(data: ArrayBuffer): ParsedSheet {
  const book = XLSX.read(new Uint8Array(data), {
    type: 'array',
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    dateNF: 'yyyy-mm-dd',
  });
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet || !sheet['!ref']) return { headers: [], rows: [] };
  for (const [address, cell] of Object.entries(sheet) as [string, XLSX.CellObject][]) {
    if (!address.startsWith('!') && cell.t === 'd' && cell.v instanceof Date) cell.w = formatDate(cell.v);
  }
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: true,
    dateNF: 'yyyy-mm-dd',
  });
  return toSheet(matrix.map((cells, index) => ({ line: first + index + 1, cells: cells.map(asText) })));
}

/** UTF-8 (with or without BOM) as most tools write it; else Windows-1256, Excel's Arabic CSV. */
export function decodeText(data: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1256').decode(data);
  }
}

function parseCsv(data: ArrayBuffer): ParsedSheet {
  const parsed = Papa.parse<string[]>(decodeText(data), { skipEmptyLines: false, delimiter: '' });
  return toSheet(parsed.data.map((cells, index) => ({ line: index + 1, cells: cells.map(asText) })));
}

export function parseRecipientFile(name: string, data: ArrayBuffer): ParsedSheet {
  const kind = fileKindOf(name);
  if (!kind) throw new Error('unsupported file type');
  return kind === 'csv' ? parseCsv(data) : parseWorkbook(data);
}
