import type { i18n } from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, readStoredLanguage, type Language } from './languages.ts';

/**
 * The `common` texts load per language and in two parts (issue 6: the login page loads only
 * what it needs): 'signedOut', the few sections the login page shows (./signed-out-sections.ts),
 * with the first load; 'all', the whole common.json, before any other page renders. The other
 * language loads when the visitor switches to it.
 */
export type TextsPart = 'signedOut' | 'all';

/** The namespace every screen reads by default (i18n.ts). */
export const COMMON_NAMESPACE = 'common';

export type Texts = Record<string, unknown>;
type Loader = () => Promise<{ default: Texts }>;

const loaders: Record<TextsPart, Record<Language, Loader>> = {
  signedOut: {
    ar: () => import('./signed-out/ar.ts'),
    en: () => import('./signed-out/en.ts'),
  },
  all: {
    ar: () => import('./locales/ar/common.json'),
    en: () => import('./locales/en/common.json'),
  },
};

interface Loaded {
  parts: Map<Language, TextsPart>;
  pending: Map<string, Promise<void>>;
  listeners: Set<() => void>;
}

const loadedBy = new WeakMap<i18n, Loaded>();

/**
 * The instance itself: react-i18next's useTranslation hands out a copy of it (`__original` names
 * the instance), which shares its store but not its identity or its `language`.
 */
function originalOf(instance: i18n): i18n {
  return (instance as i18n & { __original?: i18n }).__original ?? instance;
}

function loadedOf(instance: i18n): Loaded {
  instance = originalOf(instance);
  let loaded = loadedBy.get(instance);
  if (!loaded) {
    loaded = { parts: new Map(), pending: new Map(), listeners: new Set() };
    loadedBy.set(instance, loaded);
  }
  return loaded;
}

function currentLanguage(instance: i18n): Language {
  const { language } = originalOf(instance);
  return isLanguage(language) ? language : readStoredLanguage();
}

/** Notes texts given to createI18n up front, so they are never fetched again. */
export function markTextsLoaded(instance: i18n, languages: Iterable<Language>, part: TextsPart): void {
  for (const language of languages) loadedOf(instance).parts.set(language, part);
}

export function hasTexts(instance: i18n, language: Language, part: TextsPart): boolean {
  const loaded = loadedOf(instance).parts.get(language);
  return loaded === 'all' || loaded === part;
}

/** Loads one part of a language's texts into `instance`; one request however many ask at once. */
export function loadTexts(instance: i18n, language: Language, part: TextsPart): Promise<void> {
  if (hasTexts(instance, language, part)) return Promise.resolve();
  const loaded = loadedOf(instance);
  const key = `${language}:${part}`;
  let pending = loaded.pending.get(key);
  if (!pending) {
    pending = loaders[part][language]().then(
      ({ default: texts }) => {
        loaded.pending.delete(key);
        originalOf(instance).addResourceBundle(language, COMMON_NAMESPACE, texts, true, true);
        if (!hasTexts(instance, language, part)) loaded.parts.set(language, part);
        for (const listener of loaded.listeners) listener();
      },
      (error: unknown) => {
        // The chunk failed to load (offline, or a deploy replaced it): the next ask retries.
        loaded.pending.delete(key);
        throw error;
      },
    );
    loaded.pending.set(key, pending);
  }
  return pending;
}

/**
 * Switches the language once its texts are there (as much of them as the current language has),
 * so the page never shows keys; the switch waits for one small request the first time only.
 */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  const part = hasTexts(instance, currentLanguage(instance), 'all') ? 'all' : 'signedOut';
  await loadTexts(instance, language, part);
  await originalOf(instance).changeLanguage(language);
}

/** Whether the current language has `part` of its texts; re-renders when more texts arrive. */
export function useTextsLoaded(part: TextsPart): boolean {
  const { i18n } = useTranslation();
  const subscribe = useCallback(
    (listener: () => void) => {
      const { listeners } = loadedOf(i18n);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    [i18n],
  );
  return useSyncExternalStore(subscribe, () => hasTexts(i18n, currentLanguage(i18n), part));
}

/** Suspends (the nearest <Suspense> shows its fallback) until `part` of the texts is there. */
export function useTexts(part: TextsPart): void {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // Thrown, the way React.lazy suspends: a transition (a navigation) suspended by use() on this
  // promise was never retried once it settled (tests/screens/signed-out-texts.test.tsx).
  if (!hasTexts(i18n, language, part)) throw loadTexts(i18n, language, part);
}
