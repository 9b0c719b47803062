import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code loads and while the stored sign-in state is restored. */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
