import type { Direction } from '@mantine/core';

/** Arabic is the product's main language; English is the fallback (spec §1, §9). */
export const languages = ['ar', 'en'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'ar';
export const FALLBACK_LANGUAGE: Language = 'en';

/** The key i18next's browser detector uses, kept so a choice made by an older build still applies. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function directionOf(language: string | undefined): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Local storage can throw (private mode, disabled storage); the language choice is then simply not kept. */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Nothing to do: the app keeps working in the chosen language for this visit.
  }
}

/**
 * A language named by a link the product e-mailed (`#/auth/reset-password?token=...&lng=en`): the
 * person asked for the e-mail in that language, so the page it opens speaks it too.
 */
export function linkedLanguage(hash: string): Language | null {
  const query = hash.split('?')[1];
  if (!query) return null;
  const named = new URLSearchParams(query).get('lng');
  return isLanguage(named) ? named : null;
}

/** The language the app starts in: the one a link names (then kept as the choice), else the stored one. */
export function initialLanguage(hash: string = window.location.hash): Language {
  const linked = linkedLanguage(hash);
  if (!linked) return readStoredLanguage();
  storeLanguage(linked);
  return linked;
}
