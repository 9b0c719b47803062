import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner in the flow of a page or dialog, announced to screen readers as loading. */
export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}

/** A failed load in the error's own words (an i18n key), with a button to try again. */
export function ErrorWithRetry({ errorKey, onRetry }: { errorKey: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{t(errorKey ?? 'errors.unexpected')}</Text>
        <Button size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
