import i18next, { type i18n, type Resource } from 'i18next';
import { COMMON_NAMESPACE, loadTexts, markTextsLoaded, type Texts, type TextsPart } from './common-texts.ts';
import {
  FALLBACK_LANGUAGE,
  isLanguage,
  languages,
  initialLanguage,
  storeLanguage,
  type Language,
} from './languages.ts';

export const DEFAULT_NAMESPACE = COMMON_NAMESPACE;

/**
 * Builds one i18next instance with the `common` texts it is given (`part` says how much of
 * them: ./common-texts.ts). The app makes one at start through startI18n; tests make one per
 * render, with all texts of both languages, so that a language chosen in one test never leaks
 * into the next.
 */
export function createI18n(
  language: Language,
  common: Partial<Record<Language, Texts>>,
  part: TextsPart = 'all',
): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = {};
  for (const [lng, texts] of Object.entries(common)) {
    if (isLanguage(lng) && texts) resources[lng] = { [DEFAULT_NAMESPACE]: texts };
  }
  // No initReactI18next: components get this instance from <I18nextProvider>, never a global.
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...languages],
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources,
    // The texts given are there already, so initialising synchronously lets the first render be
    // translated; texts loaded later are added by ./common-texts.ts.
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  markTextsLoaded(instance, Object.keys(resources).filter(isLanguage), part);
  // The choice is remembered here, in one place, whoever changes the language.
  instance.on('languageChanged', storeLanguage);
  return instance;
}

/**
 * The app's instance, made once the visitor's language has the texts of the login page: only
 * that language, and only those texts, travel with the first load (issue 6).
 */
export async function startI18n(language: Language = initialLanguage()): Promise<i18n> {
  const instance = createI18n(language, {});
  // Not loaded (offline): start anyway; RootLayout asks again for what the route needs.
  await loadTexts(instance, language, 'signedOut').catch(() => undefined);
  return instance;
}
