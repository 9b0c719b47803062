/**
 * The one way the app writes a moment (issue 22): medium date and short time, in the reader's
 * language, with Western digits in Arabic too (as every other figure of the app), the same on the
 * review, the logs, the lists and the mailbox.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string): Intl.DateTimeFormat {
  const locale = language.startsWith('ar') ? 'ar-u-nu-latn' : 'en-GB';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** `value` (an ISO string or a Date) as the app shows dates; '' for none, the text itself when not a date. */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatterFor(language).format(date);
}
