import type { Currency } from '../../../contract/payments.contract.ts';
import { formatDateTime as formatAppDateTime } from '../../lib/format-date.ts';

const locale = (language: string) => (language === 'ar' ? 'ar-EG' : 'en-US');

/** An amount in the currency's minor unit (every currency sold has two decimals), written for a reader. */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(amount / 100);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(value);
}

/** The app's one date format (src/lib/format-date.ts), so orders and invoices read like the rest. */
export function formatDateTime(iso: string, language: string): string {
  return formatAppDateTime(iso, language);
}
