import { DirectionProvider, useDirection } from '@mantine/core';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from './languages.ts';

/**
 * The one place that ties the page direction to the language: Mantine's direction context
 * (which also writes <html dir>) and <html lang> follow every language change. Nothing else
 * in the app sets `dir`.
 */
export function LanguageDirectionProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <DocumentLanguageSync />
      {children}
    </DirectionProvider>
  );
}

function DocumentLanguageSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = i18n.language;

  // A layout effect so the first paint after a switch already has the new direction.
  useLayoutEffect(() => {
    setDirection(directionOf(language));
    document.documentElement.setAttribute('lang', language);
  }, [language, setDirection]);

  return null;
}
