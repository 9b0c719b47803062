import { useTranslation } from 'react-i18next';

type Resources = Record<'ar' | 'en', Record<string, unknown>>;

/**
 * Adds a namespace the first time a screen that needs it renders, so its texts travel in that
 * screen's chunk instead of the first page load (the landing page's texts never slow sign-in).
 */
export function useNamespace(namespace: string, resources: Resources) {
  const { i18n } = useTranslation();
  for (const language of ['ar', 'en'] as const) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, resources[language], true, false);
    }
  }
  return useTranslation(namespace);
}
