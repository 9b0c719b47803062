import {
  emailKey,
  emailProblem,
  normalizeEmail,
  stripInvisibleEnds,
} from '../../../contract/email.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { exportColumns, type ImportResult, type ImportRow } from '../../../contract/recipients.contract.ts';
import type { SheetRow } from './sheet.ts';

/** A recipient's own fields, in the order an export writes them (one list in the contract). */
export const recipientFields = exportColumns;
export type RecipientField = (typeof recipientFields)[number];
/** What a column of the file becomes: a recipient field, an extra field named by its header, or nothing. */
export type ColumnTarget = RecipientField | 'extra' | 'skip';

/** Folds the spellings people use: case, spaces, dashes, Arabic hamza forms, taa marbuta, diacritics. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u064B-\u0652\u0640]/g, '') // harakat and tatweel
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[\s_\-.:()/]+/g, '');
}

const synonyms: Record<RecipientField, string[]> = {
  email: [
    'email',
    'e-mail',
    'mail',
    'email address',
    'البريد الإلكتروني',
    'البريد الالكتروني',
    'البريد',
    'بريد إلكتروني',
    'الايميل',
    'الإيميل',
    'ايميل',
  ],
  name: ['name', 'full name', 'الاسم', 'اسم', 'الاسم الكامل', 'الإسم'],
  job_title: ['job title', 'job', 'title', 'position', 'المسمى الوظيفي', 'الوظيفة', 'المنصب', 'المسمى'],
  phone: [
    'phone',
    'phone number',
    'mobile',
    'telephone',
    'tel',
    'الهاتف',
    'رقم الهاتف',
    'الجوال',
    'رقم الجوال',
    'الموبايل',
    'الهاتف المحمول',
  ],
  organization: [
    'organization',
    'organisation',
    'company',
    'organization name',
    'الشركة',
    'اسم الشركة',
    'المنظمة',
    'الجهة',
    'المؤسسة',
    'اسم المنظمة',
  ],
  country: ['country', 'الدولة', 'البلد', 'الدوله'],
  attachment: ['attachment', 'attachments', 'file', 'المرفق', 'المرفقات', 'الملف'],
};

const lookup = new Map<string, RecipientField>(
  Object.entries(synonyms).flatMap(([field, words]) =>
    words.map((word) => [normalizeHeader(word), field as RecipientField] as const),
  ),
);

/** Each header's field when it names one (first column wins a field); every other column is an extra field. */
export function autoMap(headers: readonly string[]): ColumnTarget[] {
  const taken = new Set<RecipientField>();
  return headers.map((header) => {
    const field = lookup.get(normalizeHeader(header));
    if (!field || taken.has(field)) return header.trim() ? 'extra' : 'skip';
    taken.add(field);
    return field;
  });
}

/** A column with no header still needs a name to become an extra field: its spreadsheet letter. */
export function columnLabel(headers: readonly string[], index: number): string {
  const header = headers[index]?.trim();
  if (header) return header;
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Arabic-Indic (U+0660-U+0669) and Eastern Arabic-Indic (U+06F0-U+06F9) digits as ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0x0f));
}

const NUMBER_CHARACTERS = /^[\s+()\-./\d\u0660-\u0669\u06F0-\u06F9]+$/;
const DIGIT = /[\d\u0660-\u0669\u06F0-\u06F9]/;

/**
 * The columns whose digits the "ASCII digits" choice converts: the phone column, and every other
 * imported column whose filled cells are all numbers as people write phones and IDs (digits in
 * either script, spaces, +, -, parentheses, dots and slashes). A name or an address is never one.
 */
export function phoneLikeColumns(rows: readonly SheetRow[], mapping: readonly string[]): boolean[] {
  return mapping.map((target, column) => {
    if (target === 'phone') return true;
    if (target === 'skip' || target === 'email') return false;
    let filled = 0;
    for (const { cells } of rows) {
      const value = cells[column] ?? '';
      if (value === '') continue;
      if (!NUMBER_CHARACTERS.test(value) || !DIGIT.test(value)) return false;
      filled += 1;
    }
    return filled > 0;
  });
}

/**
 * The rows to upload, as the mapping says. The server checks every one of them. With
 * `asciiDigits`, the phone-like columns' Arabic-Indic digits become ASCII digits.
 */
export function toImportRows(
  headers: readonly string[],
  rows: readonly SheetRow[],
  mapping: readonly ColumnTarget[],
  options: { asciiDigits?: boolean } = {},
): ImportRow[] {
  const convert = options.asciiDigits ? phoneLikeColumns(rows, mapping) : [];
  return rows.map(({ line, cells }) => {
    const row: ImportRow = { row: line, email: '', extra: [] };
    mapping.forEach((target, index) => {
      const cell = cells[index] ?? '';
      const value = convert[index] ? toAsciiDigits(cell) : cell;
      if (target === 'skip') return;
      if (target === 'extra') {
        if (value) row.extra!.push({ name: columnLabel(headers, index), value });
      } else row[target] = value;
    });
    return row;
  });
}

/**
 * The whole file's duplicates, found before upload (the server only sees one chunk at a time):
 * the first row of an address is kept, each later row is refused as a `duplicate` of it. Rows
 * whose address is not valid are kept for the server, which names their real problem.
 */
export function splitDuplicates(rows: readonly ImportRow[]): {
  unique: ImportRow[];
  duplicates: ImportResult['rejected'];
} {
  const first = new Map<string, number>();
  const unique: ImportRow[] = [];
  const duplicates: ImportResult['rejected'] = [];
  rows.forEach((row, index) => {
    const line = row.row ?? index + 1;
    const email = normalizeEmail(stripInvisibleEnds(row.email ?? '').text);
    if (emailProblem(email) !== null) return void unique.push(row);
    const key = emailKey(email);
    const seen = first.get(key);
    if (seen === undefined) {
      first.set(key, line);
      unique.push(row);
    } else duplicates.push({ row: line, reason: validationKeys.duplicate, first_row: seen });
  });
  return { unique, duplicates };
}

/** The name the rejected rows download under: `rejected-small.csv` for `small.csv`, never `.csv.csv`. */
export function rejectedFileName(fileName: string | undefined, format: 'csv' | 'xlsx'): string {
  const base = (fileName ?? '').replace(/\.[^./\\]*$/, '').trim() || 'rows';
  return `rejected-${base}.${format}`;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The refused rows as the user wrote them, with their row number and the translated reason in
 * front (a duplicate's reason names the row it repeats), so the file can be fixed and imported
 * again. The same table is written as CSV here or as XLSX by the download service.
 */
export function rejectedRowsTable(
  headers: readonly string[],
  rows: readonly SheetRow[],
  rejected: readonly RejectedRow[],
  labels: { row: string; reason: string },
  translate: (key: string, values?: Record<string, unknown>) => string,
): string[][] {
  const byLine = new Map(rows.map((row) => [row.line, row.cells]));
  return [
    [labels.row, labels.reason, ...headers],
    ...[...rejected]
      .sort((a, b) => a.row - b.row)
      .map(({ row, reason, first_row }) => [
        String(row),
        translate(reason, first_row === undefined ? undefined : { first: first_row }),
        ...(byLine.get(row) ?? []),
      ]),
  ];
}

export type RejectedRow = ImportResult['rejected'][number];

/** A table as CSV the way Excel opens Arabic: UTF-8 with BOM, CRLF, quoted where needed. */
export function tableCsv(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function rejectedRowsCsv(...args: Parameters<typeof rejectedRowsTable>): string {
  return tableCsv(rejectedRowsTable(...args));
}
