import type { Currency } from '../../../contract/payments.contract.ts';
import { formatDateTime as formatAppDateTime } from '../../lib/format-date.ts';
import { formatMoney as formatAppMoney, formatNumber } from '../../lib/format-number.ts';

/** An amount in the currency's minor unit, in the interface's one number format (src/lib/format-number.ts). */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  return formatAppMoney(amount, currency, language);
}

export function formatCount(value: number, language: string): string {
  return formatNumber(value, language);
}

/** The app's one date format (src/lib/format-date.ts), so orders and invoices read like the rest. */
export function formatDateTime(iso: string, language: string): string {
  return formatAppDateTime(iso, language);
}
