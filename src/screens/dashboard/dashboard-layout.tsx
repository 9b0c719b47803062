import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, use } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { CreditAlertBanner } from '../financial/credit-alert-banner.tsx';
import { DashboardNavbar } from './dashboard-navbar.tsx';
import { UserMenu } from './user-menu.tsx';

export default function DashboardLayout() {
  const { t } = useTranslation();
  // The query cache is made after sign-in (issue 6); screens below may query, so wait for it.
  const { queryClient } = useAppServices();
  if (!queryClient.current()) use(queryClient.load());
  // Whether the navbar drawer is open on small screens: pure view state.
  const [navbarOpened, navbar] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header bg="var(--app-secondary)">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navbarOpened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={t('common.openNavigation')}
            />
            <Title order={3} c="white">
              {t('app.name')}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <DashboardNavbar onNavigate={navbar.close} />
      <AppShell.Main>
        <CreditAlertBanner />
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
