/**
 * The reasons the system itself writes on credit-ledger rows. They are stored as these codes
 * (never as English sentences) and shown translated where the statement and the balance log
 * show them (users:statement.reasons.*); what an administrator types is shown as typed.
 */
export const LEDGER_REASON_CODES = ['initial_credits', 'cancelled', 'delivery_failed'] as const;
export type LedgerReasonCode = (typeof LEDGER_REASON_CODES)[number];

/** Rows written before the codes, by the text they hold (the first administrator's grant). */
const LEGACY_REASONS: Record<string, LedgerReasonCode> = { 'initial credits': 'initial_credits' };

export function ledgerReasonCode(reason: string | null): LedgerReasonCode | null {
  if (reason === null) return null;
  if ((LEDGER_REASON_CODES as readonly string[]).includes(reason)) return reason as LedgerReasonCode;
  return LEGACY_REASONS[reason] ?? null;
}

/** The reason as a reader sees it: a system code in the reader's language, anything else as written. */
export function ledgerReasonText(reason: string | null, translate: (key: string) => string): string {
  const code = ledgerReasonCode(reason);
  return code ? translate(`users:statement.reasons.${code}`) : (reason ?? '');
}
