import Papa from 'papaparse';
import * as XLSX from 'xlsx';

import {
  defaultSheetIndex,
  fileKindOf,
  sheetView,
  type BookSheet,
  type ParsedSheet,
  type SheetRow,
} from '../../lib/recipient-import/sheet.ts';

export type { BookSheet, ParsedSheet, SheetRow };

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Every cell as a plain string without the spaces around it: nothing from the file is ever
 * treated as markup or code. Invisible characters at the ends are left for the import, which
 * removes them and counts them (contract/recipient-import.ts).
 */
const asText = (value: unknown) =>
  value === null || value === undefined ? '' : String(value).replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/** The non-empty rows of a sheet, with their own row numbers. */
const filled = (lines: SheetRow[]) => lines.filter((line) => !isBlank(line.cells));

/**
 * The worker's answer: every sheet, and as header the first non-empty row of the first sheet
 * that has one. The user may pick another sheet or header row afterwards (sheetView).
 */
function toParsed(sheets: BookSheet[]): ParsedSheet {
  const index = defaultSheetIndex(sheets);
  return { ...sheetView(sheets[index], 0), sheets };
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
 * A number as all its digits. Excel's General format shows 966501234567 as `9.66501E+11` (it fits
 * 11 characters), which would lose a phone number or an ID for good; the stored value has every
 * digit Excel keeps (15 significant ones).
 */
function allDigits(value: number): string {
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  return String(Number(value.toPrecision(15)));
}

const isGeneral = (format: unknown) => format === undefined || format === 'General';

/**
 * A cell as the text the import takes: a date as yyyy-mm-dd, a General number (or one Excel shows
 * in scientific form) with all its digits, any other number in its own format (what the user
 * saw), a formula as its computed value (never the formula), anything else as its text.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  const { t: type, v: value } = cell;
  if (type === 's') return asText(value);
  if (type === 'd' && value instanceof Date) return formatDate(value);
  if (type === 'n' && typeof value === 'number') {
    if (isGeneral(cell.z)) return allDigits(value);
    try {
      const shown = XLSX.SSF.format(cell.z as string, value);
      return /e[+-]/i.test(shown) ? allDigits(value) : asText(shown);
    } catch {
      return allDigits(value);
    }
  }
  if (type === 'b') return value ? 'TRUE' : 'FALSE';
  return asText(cell.w ?? value ?? '');
}

/** A sheet's rows with their own row numbers, read from SheetJS's dense form (rows of cells). */
function sheetLines(sheet: XLSX.WorkSheet): SheetRow[] {
  const ref = sheet['!ref'];
  if (!ref) return [];
  const range = XLSX.utils.decode_range(ref);
  // SheetJS 0.18 keeps a dense sheet as an array of rows; later versions under '!data'.
  const dense =
    (sheet as { '!data'?: XLSX.CellObject[][] })['!data'] ?? (sheet as unknown as XLSX.CellObject[][]);
  const lines: SheetRow[] = [];
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const row = dense[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c += 1) cells.push(cellText(row[c]));
    if (!isBlank(cells)) lines.push({ line: r + 1, cells });
  }
  return lines;
}

/**
 * Excel: SheetJS reads every sheet, dense and without formatting every cell's text (the slow part
 * of reading a big workbook); cellText above makes each cell's text once. Row numbers are the
 * sheet's own, so refusals point at the right row.
 */
function parseWorkbook(data: ArrayBuffer): ParsedSheet {
  const book = XLSX.read(new Uint8Array(data), {
    type: 'array',
    dense: true,
    cellText: false,
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: true,
  });
  return toParsed(book.SheetNames.map((name) => ({ name, lines: sheetLines(book.Sheets[name] ?? {}) })));
}

/**
 * UTF-16 by its byte-order mark, or without one by its pattern: ASCII text in UTF-16 has a zero
 * byte in every other place (after each character in little-endian, before it in big-endian).
 */
function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const sample = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * The text of a CSV or text file: UTF-16 (Excel's "Unicode text") when it is, else UTF-8 (with or
 * without BOM) as most tools write it, else Windows-1256, Excel's Arabic CSV.
 */
export function decodeText(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  const utf16 = utf16Of(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes).replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** How many times `delimiter` splits a line, outside double quotes. */
function fieldBreaks(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count += 1;
  }
  return count;
}

/**
 * The delimiter of a CSV: Excel's `sep=;` first line when there is one; else the one that splits
 * the first line (the header) and splits the next lines about as often. Decided from the lines
 * themselves, so a three-row file is read as well as a long one (Papa Parse's guess needs rows).
 */
export function detectDelimiter(text: string): { delimiter: string; skipFirstLine: boolean } {
  const sep = /^sep=(.)\r?(\n|$)/i.exec(text);
  if (sep) return { delimiter: sep[1]!, skipFirstLine: true };
  const lines = text
    .split(/\r\n|\n|\r/, 60)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  const [header, ...rest] = lines;
  if (!header) return { delimiter: ',', skipFirstLine: false };
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const inHeader = fieldBreaks(header, delimiter);
    if (inHeader === 0) continue;
    // Rows that split as the header does, or at all (a quoted line break can cut a row short).
    const agreeing = rest.filter((line) => fieldBreaks(line, delimiter) === inHeader).length;
    const splitting = rest.filter((line) => fieldBreaks(line, delimiter) > 0).length;
    const score = (agreeing * 2 + splitting + 1) * 1000 + inHeader;
    if (score > best.score) best = { delimiter, score };
  }
  return { delimiter: best.delimiter, skipFirstLine: false };
}

function parseCsv(data: ArrayBuffer): ParsedSheet {
  let text = decodeText(data);
  const { delimiter, skipFirstLine } = detectDelimiter(text);
  // Excel hides its `sep=` line: the header is row 1 as the user sees the file there.
  if (skipFirstLine) text = text.replace(/^[^\r\n]*(\r\n|\n|\r)?/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter });
  return toParsed([
    {
      name: '',
      lines: filled(parsed.data.map((cells, index) => ({ line: index + 1, cells: cells.map(asText) }))),
    },
  ]);
}

export function parseRecipientFile(name: string, data: ArrayBuffer): ParsedSheet {
  const kind = fileKindOf(name);
  if (!kind) throw new Error('unsupported file type');
  return kind === 'csv' ? parseCsv(data) : parseWorkbook(data);
}
