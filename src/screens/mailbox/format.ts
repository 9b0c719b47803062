import { formatDateTime } from '../../lib/format-date.ts';

/** Dates and sizes in the reader's language (Arabic digits and order in Arabic). */
export function formatDate(iso: string, language: string): string {
  return formatDateTime(iso, language);
}

export function formatBytes(size: number, language: string): string {
  const format = (value: number, unit: 'byte' | 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value);
  if (size < 1024) return format(size, 'byte');
  if (size < 1024 * 1024) return format(size / 1024, 'kilobyte');
  return format(size / (1024 * 1024), 'megabyte');
}
