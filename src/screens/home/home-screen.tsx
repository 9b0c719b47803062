import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { selectUser } from '../../machines/auth.machine.ts';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** Overview: who is signed in and how much of the sending quota is left. */
export default function HomeScreen() {
  const { t, i18n } = useTranslation();
  const { auth } = useAppServices();
  const user = useSelector(auth, selectUser);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('home.title')}</Title>
      {user ? (
        <>
          <Text fz="lg">{t('home.welcome', { name: user.username })}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Stat label={t('home.role')} value={t(`roles.${user.role}`)} />
            <Stat label={t('home.quota')} value={number.format(user.quota)} />
            <Stat label={t('home.used')} value={number.format(user.used_quota)} />
            <Stat label={t('home.remaining')} value={number.format(user.remaining_quota)} />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
