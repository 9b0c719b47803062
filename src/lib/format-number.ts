/**
 * The one way the interface writes a number (issue 37, defect 7): counts, money, percentages,
 * sizes and signed amounts, in the reader's language. The digits are a setting of their own
 * (src/lib/digit-system.ts): Western digits unless the reader chose Arabic-Indic ones, in either
 * language, so the financial screens no longer differ from the rest.
 *
 * A signed figure or a figure with its share ("0% (0)") is wrapped in a left-to-right isolate
 * (U+2066 ... U+2069): inside Arabic text the bidirectional algorithm otherwise moves the sign
 * to the far end ("5-", "10,000+").
 */
import { readDigitSystem, type DigitSystem } from './digit-system.ts';

const LRI = '\u2066';
const PDI = '\u2069';
/** Keeps a figure's parts in written order inside text of either direction. */
export const isolateLtr = (text: string) => `${LRI}${text}${PDI}`;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(
  language: string,
  options: Intl.NumberFormatOptions,
  digits: DigitSystem,
): Intl.NumberFormat {
  const base = language.startsWith('ar') ? 'ar' : 'en-US';
  const locale = `${base}-u-nu-${digits}`;
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

function write(value: number, language: string, options: Intl.NumberFormatOptions = {}): string {
  // Intl's Arabic output carries direction marks (U+061C, U+200E/F) around signs and percent
  // signs; the left-to-right isolate does that job, the same way in both languages.
  return formatter(language, options, readDigitSystem())
    .format(value)
    .replace(/[\u061c\u200e\u200f]/g, '');
}

/** A count or any plain figure, grouped ("10,000"). */
export function formatNumber(
  value: number,
  language: string,
  options: { maxFractionDigits?: number } = {},
): string {
  return write(value, language, { maximumFractionDigits: options.maxFractionDigits ?? 0 });
}

/** A movement with its sign ("+100", "-3"; 0 without one), read left to right in Arabic too. */
export function formatSigned(value: number, language: string): string {
  const text = write(value, language, { signDisplay: 'exceptZero' });
  return value === 0 ? text : isolateLtr(text);
}

/** An amount in the currency's minor unit (every currency sold has two decimals). */
export function formatMoney(minorUnits: number, currency: string, language: string): string {
  return isolateLtr(write(minorUnits / 100, language, { style: 'currency', currency }));
}

/** `part` of `whole` as a percentage with up to two decimals; 0 % of nothing. */
export function formatPercent(part: number, whole: number, language: string): string {
  return write(whole === 0 ? 0 : part / whole, language, { style: 'percent', maximumFractionDigits: 2 });
}

/** A share and its count, "12.5% (3)", in that order in both languages. */
export function formatShare(part: number, whole: number, language: string): string {
  return isolateLtr(`${formatPercent(part, whole, language)} (${formatNumber(part, language)})`);
}

/** A size in bytes, KB or MB. */
export function formatBytes(size: number, language: string): string {
  const unit = (value: number, name: 'byte' | 'kilobyte' | 'megabyte') =>
    write(value, language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 });
  if (size < 1024) return unit(size, 'byte');
  if (size < 1024 * 1024) return unit(size / 1024, 'kilobyte');
  return unit(size / (1024 * 1024), 'megabyte');
}
