import { formatDateTime } from '../../lib/format-date.ts';
import { formatBytes as formatAppBytes } from '../../lib/format-number.ts';

/** Dates and sizes in the reader's language (Arabic digits and order in Arabic). */
export function formatDate(iso: string, language: string): string {
  return formatDateTime(iso, language);
}

export const formatBytes = (size: number, language: string) => formatAppBytes(size, language);
