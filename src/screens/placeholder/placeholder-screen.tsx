import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for a screen that a later issue builds; it keeps the route, its title and its guard. */
export default function PlaceholderScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Title order={1} ta="start">
      {t(titleKey)}
    </Title>
  );
}
