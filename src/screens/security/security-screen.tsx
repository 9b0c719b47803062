import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useAppServices } from '../../app/app-services.tsx';
import arSecurity from '../../i18n/locales/ar/security.json';
import enSecurity from '../../i18n/locales/en/security.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { selectMustSetUpTwoFactor, selectUser } from '../../machines/auth.machine.ts';
import { securityOverviewMachine } from '../../machines/security/security-overview.machine.ts';
import { loadSecurityOverview } from '../../services/security.service.ts';
import { AdminSection } from './admin-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInsSection } from './sign-ins-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * Settings -> Security (issue 21): two-step sign-in, the account's sessions and its sign-in
 * history; administrators also set whether everyone must use two-step sign-in.
 */
export default function SecurityScreen() {
  const { t } = useNamespace('security', { ar: arSecurity, en: enSecurity });
  const { auth, call } = useAppServices();
  const isAdmin = useSelector(auth, (snapshot) => selectUser(snapshot)?.role === 'admin');
  const mustSetUp = useSelector(auth, selectMustSetUpTwoFactor);
  const overviewActor = useActorRef(
    securityOverviewMachine.provide({
      actors: { load: fromPromise(({ signal }) => loadSecurityOverview(call, isAdmin, signal)) },
      actions: {
        twoFactorSettled: () => auth.send({ type: 'auth.twoFactorSetUp' }),
        twoFactorMissing: () => auth.send({ type: 'auth.twoFactorSetupRequired' }),
      },
    }),
  );
  const overview = useSelector(overviewActor, (snapshot) => snapshot.context.overview);
  const failed = useSelector(overviewActor, (snapshot) => snapshot.matches('failed'));
  const reload = () => overviewActor.send({ type: 'security.reload' });

  return (
    <Stack gap="xl" maw="60rem">
      <Title order={1}>{t('security:title')}</Title>
      {mustSetUp ? (
        // Why every page led here (issue 21): the administrator's rule, and the way on or out.
        <Alert color="blue" variant="light" role="alert" title={t('security:setupRequired.title')}>
          <Stack gap="sm" align="flex-start">
            <Text>{t('security:setupRequired.message')}</Text>
            <Group>
              <Button variant="default" size="xs" onClick={() => auth.send({ type: 'auth.logout' })}>
                {t('security:setupRequired.signOut')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {t('security:loadFailed')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={reload}>
            {t('security:retry')}
          </Button>
        </Alert>
      ) : null}
      {overview ? (
        <>
          <TwoFactorSection status={overview.status} changed={reload} />
          <SessionsSection sessions={overview.sessions} changed={reload} />
          <SignInsSection signIns={overview.signIns} />
          {overview.settings ? (
            <AdminSection
              settings={overview.settings}
              twoFactorOn={overview.status.enabled}
              changed={reload}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
