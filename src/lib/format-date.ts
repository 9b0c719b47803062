/**
 * The one way the app writes a moment (issue 22): medium date and short time, in the reader's
 * language, with Western digits in Arabic too (as every other figure of the app), the same on the
 * review, the logs, the lists and the mailbox. A screen that needs less (a date, a chart's day)
 * or more (seconds) takes the variant here, so the locale rule stays in one place.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

type Style = 'dateTime' | 'dateTimeSeconds' | 'date' | 'dayMonth';

const styles: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  // Delivery logs and the like, where seconds tell attempts apart.
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  date: { dateStyle: 'medium' },
  // A calendar day (YYYY-MM-DD) on a chart's axis: read as UTC, so no time zone moves it.
  dayMonth: { day: 'numeric', month: 'short', timeZone: 'UTC' },
};

function formatterFor(language: string, style: Style): Intl.DateTimeFormat {
  const locale = language.startsWith('ar') ? 'ar-u-nu-latn' : 'en-GB';
  const key = `${locale} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, styles[style]);
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(value: string | Date | null | undefined, language: string, style: Style): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatterFor(language, style).format(date);
}

/** `value` (an ISO string or a Date) as the app shows dates; '' for none, the text itself when not a date. */
export function formatDateTime(
  value: string | Date | null | undefined,
  language: string,
  options: { seconds?: boolean } = {},
): string {
  return format(value, language, options.seconds ? 'dateTimeSeconds' : 'dateTime');
}

/** The date alone (a chart's daily bucket), in the same words as formatDateTime. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  return format(value, language, 'date');
}

/** A calendar day `YYYY-MM-DD` as day and short month ("26 Nov"), whatever the reader's time zone. */
export function formatDayMonth(day: string, language: string): string {
  return format(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day, language, 'dayMonth');
}
