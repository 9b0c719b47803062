import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { selectErrorKey, selectThemes } from '../../machines/theme.machine.ts';
import { ThemeCard } from './theme-card.tsx';
import { ThemeDeleteDialog } from './theme-delete-dialog.tsx';
import { ThemeForm } from './theme-form.tsx';

/** Spec §2 "Themes screen": the add form, then the cards, with the states the machine is in. */
export default function ThemesScreen() {
  const { t } = useTranslation();
  const { theme } = useAppServices();
  const loading = useSelector(theme, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(theme, (snapshot) => snapshot.matches('failed'));
  const errorKey = useSelector(theme, selectErrorKey);
  const themes = useSelector(theme, selectThemes);
  const empty = useSelector(
    theme,
    (snapshot) => snapshot.matches('ready') && snapshot.context.themes.length === 0,
  );

  return (
    <Stack gap="xl">
      <ThemeForm />
      <Stack gap="md">
        <Title order={2}>{t('themes.listTitle')}</Title>
        {loading ? (
          <Center py="xl" role="status" aria-label={t('common.loading')}>
            <Loader />
          </Center>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text>{t(errorKey ?? 'errors.unexpected')}</Text>
              <Button size="xs" onClick={() => theme.send({ type: 'theme.retry' })}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {empty ? <Text c="dimmed">{t('themes.empty')}</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {themes.map((item) => (
            <ThemeCard key={item.id} theme={item} />
          ))}
        </SimpleGrid>
      </Stack>
      <ThemeDeleteDialog />
    </Stack>
  );
}
