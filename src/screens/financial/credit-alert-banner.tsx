import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { formatCount } from './format.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

/** The dashboard's notice while the balance is below the user's credit-alert threshold (issue 19). */
export function CreditAlertBanner() {
  const { auth } = useAppServices();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const threshold = user?.credit_alert_threshold ?? 0;
  if (!user || threshold <= 0 || user.remaining_quota >= threshold) return null;
  return <Banner balance={user.remaining_quota} threshold={threshold} />;
}

function Banner({ balance, threshold }: { balance: number; threshold: number }) {
  const { t, i18n } = usePaymentsTexts();
  return (
    <Alert color="yellow" variant="light" mb="md" role="status">
      <Group justify="space-between" gap="xs">
        <Text>
          {t('payments:alert.banner', {
            balance: formatCount(balance, i18n.language),
            threshold: formatCount(threshold, i18n.language),
          })}
        </Text>
        <Anchor component={Link} to={paths.dashboard.financial.recharge} fw={700}>
          {t('payments:alert.rechargeNow')}
        </Anchor>
      </Group>
    </Alert>
  );
}
