import { AppShell, Burger, Group, Title, em, getBreakpointValue, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { Suspense, use, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { CreditAlertBanner } from '../financial/credit-alert-banner.tsx';
import { DashboardNavbar, NAVBAR_ID } from './dashboard-navbar.tsx';
import { SkipLink, MAIN_ID } from './skip-link.tsx';
import { UserMenu } from './user-menu.tsx';

export default function DashboardLayout() {
  const { t } = useTranslation();
  // The query cache is made after sign-in (issue 6); screens below may query, so wait for it.
  const { queryClient } = useAppServices();
  if (!queryClient.current()) use(queryClient.load());
  // Whether the navbar drawer is open on small screens: pure view state.
  const [navbarOpened, navbar] = useDisclosure(false);
  // Below the `sm` breakpoint the navbar is a drawer (AppShell's own breakpoint below).
  const theme = useMantineTheme();
  const isDrawer =
    useMediaQuery(`(max-width: ${em(getBreakpointValue('sm', theme.breakpoints) - 0.1)})`) ?? false;
  const burger = useRef<HTMLButtonElement>(null);
  // Escape closes an open drawer and gives the focus back to the burger that opened it.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isDrawer || !navbarOpened) return;
    navbar.close();
    burger.current?.focus();
  });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header bg="var(--app-secondary)">
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              aria-expanded={navbarOpened}
              aria-controls={NAVBAR_ID}
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
      <DashboardNavbar onNavigate={navbar.close} hidden={isDrawer && !navbarOpened} />
      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        <CreditAlertBanner />
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
