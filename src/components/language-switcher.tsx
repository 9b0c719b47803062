import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n/common-texts.ts';
import { isLanguage, languages } from '../i18n/languages.ts';

/**
 * Switches the UI language once its texts are loaded; direction, <html lang> and storage follow
 * from the i18n layer.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const data = languages.map((language) => ({ value: language, label: t(`language.${language}`) }));

  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      data={data}
      value={i18n.language}
      onChange={(value) => {
        // Not loaded (offline): the page stays in the language it is in.
        if (isLanguage(value)) switchLanguage(i18n, value).catch(() => undefined);
      }}
    />
  );
}
