import type { Currency } from '../../../contract/payments.contract.ts';

const locale = (language: string) => (language === 'ar' ? 'ar-EG' : 'en-US');

/** An amount in the currency's minor unit (every currency sold has two decimals), written for a reader. */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(amount / 100);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(value);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
