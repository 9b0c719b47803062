import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';

/** The signed-out frame: brand, language choice and the current auth screen in a centred card. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="var(--app-accent)">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Stack gap={0}>
              <Title order={2} c="var(--app-primary)">
                {t('app.name')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('app.tagline')}
              </Text>
            </Stack>
            <LanguageSwitcher />
          </Group>
          <Suspense fallback={<FullScreenSpinner />}>
            <Outlet />
          </Suspense>
        </Stack>
      </Paper>
    </Center>
  );
}
