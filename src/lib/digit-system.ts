/**
 * Which digits the interface writes numbers with: Western (0-9, the default in both languages,
 * as dates already are) or Arabic-Indic (٠-٩), chosen by the reader in the profile and kept in
 * this browser. Read on each format (no cached copy to go stale or to reset between tests).
 */
export const DIGIT_SYSTEMS = ['latn', 'arab'] as const;
export type DigitSystem = (typeof DIGIT_SYSTEMS)[number];

export const DIGIT_STORAGE_KEY = 'el-namer.digits';

const isDigitSystem = (value: unknown): value is DigitSystem =>
  typeof value === 'string' && (DIGIT_SYSTEMS as readonly string[]).includes(value);

export function readDigitSystem(): DigitSystem {
  try {
    const stored = globalThis.localStorage?.getItem(DIGIT_STORAGE_KEY);
    return isDigitSystem(stored) ? stored : 'latn';
  } catch {
    // Storage refused (private mode): the default.
    return 'latn';
  }
}

export function storeDigitSystem(digits: DigitSystem): void {
  try {
    globalThis.localStorage?.setItem(DIGIT_STORAGE_KEY, digits);
  } catch {
    // Not kept: the default stays.
  }
}
