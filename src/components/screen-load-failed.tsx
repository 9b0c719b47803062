import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * In a screen's place when its code could not be fetched (src/app/lazy-screen.ts). The layout
 * around it stays, so the navigation still works; the retry fetches the screen again.
 */
export function ScreenLoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t('errors.screenLoadFailed.title')}</Title>
      <Alert color="red" variant="light" role="alert">
        {t('errors.screenLoadFailed.message')}
      </Alert>
      <Button onClick={retry}>{t('common.retry')}</Button>
    </Stack>
  );
}
