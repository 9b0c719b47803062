import i18next, { type i18n } from 'i18next';
import ar from './locales/ar/common.json';
import en from './locales/en/common.json';
import {
  FALLBACK_LANGUAGE,
  languages,
  readStoredLanguage,
  storeLanguage,
  type Language,
} from './languages.ts';

export const DEFAULT_NAMESPACE = 'common';

/**
 * Builds one i18next instance. The app makes one at start; tests make one per render so that a
 * language chosen in one test never leaks into the next.
 */
export function createI18n(language: Language = readStoredLanguage()): i18n {
  const instance = i18next.createInstance();
  // No initReactI18next: components get this instance from <I18nextProvider>, never a global.
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...languages],
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { ar: { common: ar }, en: { common: en } },
    // Resources are bundled, so initialising synchronously lets the first render be translated.
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // The choice is remembered here, in one place, whoever changes the language.
  instance.on('languageChanged', storeLanguage);
  return instance;
}
