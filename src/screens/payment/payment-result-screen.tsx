import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { MessagePage } from '../../components/message-page.tsx';

/** One screen for both payment outcomes; the route says which. */
export default function PaymentResultScreen({ outcome }: { outcome: 'success' | 'failed' }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t(`payment.${outcome}.title`)}
      message={t(`payment.${outcome}.message`)}
      action={{ label: t('common.backHome'), to: paths.dashboard.home }}
    />
  );
}
