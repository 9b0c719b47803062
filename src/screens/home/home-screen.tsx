import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useAppServices } from '../../app/app-services.tsx';
import { selectUser } from '../../machines/auth.machine.ts';
import { homeSummaryMachine, selectSummary } from '../../machines/logs/home-summary.machine.ts';
import { getSummary } from '../../services/logs.service.ts';
import { useLogsI18n } from '../logs/use-logs-i18n.ts';
import { HomeFigures } from './home-figures.tsx';
import { HomeLive } from './home-live.tsx';
import { HomeTrend } from './home-trend.tsx';
import { formatNumber } from '../../lib/format-number.ts';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm">{label}</Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** Overview: who is signed in, the credit left, and the sender's own sending figures. */
export default function HomeScreen() {
  const { t, i18n } = useLogsI18n();
  const { auth, call } = useAppServices();
  const user = useSelector(auth, selectUser);
  const machine = useMemo(
    () =>
      homeSummaryMachine.provide({
        actors: { loadSummary: fromPromise(({ signal }) => getSummary(call, new Date(), signal)) },
      }),
    [call],
  );
  const summary = useActorRef(machine);
  // The credit the server has now; the sign-in's copy (maybe hours old) until it arrives.
  const fresh = useSelector(summary, selectSummary);
  const number = { format: (value: number) => formatNumber(value, i18n.language) };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('home.title')}</Title>
      {user ? (
        <>
          <Text fz="lg">{t('home.welcome', { name: user.username })}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Stat label={t('home.role')} value={t(`roles.${user.role}`)} />
            <Stat label={t('home.quota')} value={number.format(fresh?.quota ?? user.quota)} />
            <Stat label={t('home.used')} value={number.format(fresh?.used ?? user.used_quota)} />
            <Stat label={t('home.remaining')} value={number.format(fresh?.balance ?? user.remaining_quota)} />
          </SimpleGrid>
        </>
      ) : null}
      <HomeLive summary={summary} />
      <HomeFigures actor={summary} />
      <HomeTrend />
    </Stack>
  );
}
