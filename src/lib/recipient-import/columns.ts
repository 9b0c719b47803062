import { exportColumns, type ImportRow } from '../../../contract/recipients.contract.ts';
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

/** The rows to upload, as the mapping says. The server checks every one of them. */
export function toImportRows(
  headers: readonly string[],
  rows: readonly SheetRow[],
  mapping: readonly ColumnTarget[],
): ImportRow[] {
  return rows.map(({ line, cells }) => {
    const row: ImportRow = { row: line, email: '', extra: [] };
    mapping.forEach((target, index) => {
      const value = cells[index] ?? '';
      if (target === 'skip') return;
      if (target === 'extra') {
        if (value) row.extra!.push({ name: columnLabel(headers, index), value });
      } else row[target] = value;
    });
    return row;
  });
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The refused rows as the user wrote them, with their row number and the translated reason in
 * front, so the file can be fixed and imported again.
 */
export function rejectedRowsCsv(
  headers: readonly string[],
  rows: readonly SheetRow[],
  rejected: readonly { row: number; reason: string }[],
  labels: { row: string; reason: string },
  translate: (key: string) => string,
): string {
  const byLine = new Map(rows.map((row) => [row.line, row.cells]));
  const lines = [
    [labels.row, labels.reason, ...headers],
    ...rejected.map(({ row, reason }) => [String(row), translate(reason), ...(byLine.get(row) ?? [])]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
