import { Radio, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readDigitSystem, storeDigitSystem, type DigitSystem } from '../../lib/digit-system.ts';

/**
 * Western (123) or Arabic-Indic (١٢٣) digits for every number of the interface, in either
 * language (src/lib/format-number.ts). Western by default: what most Arabic-speaking business
 * software and this app's dates use.
 */
export function DigitsSetting() {
  const { t, i18n } = useTranslation();
  const [digits, setDigits] = useState<DigitSystem>(readDigitSystem);
  const choose = (value: string) => {
    const chosen: DigitSystem = value === 'arab' ? 'arab' : 'latn';
    storeDigitSystem(chosen);
    setDigits(chosen);
    // Every translated component renders again, and with it every number on screen.
    void i18n.changeLanguage(i18n.language);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="digits-heading">
      <Title order={2} id="digits-heading">
        {t('profile:digits.heading')}
      </Title>
      <Radio.Group value={digits} onChange={choose} label={t('profile:digits.label')}>
        <Group mt="xs">
          <Radio value="latn" label={t('profile:digits.latn')} />
          <Radio value="arab" label={t('profile:digits.arab')} />
        </Group>
      </Radio.Group>
    </Stack>
  );
}
