import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';

/** Forget-password and reset-password until the password-reset flow lands. */
export default function ComingSoonScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={3}>{t(titleKey)}</Title>
      <Text c="dimmed">{t('auth.comingSoon')}</Text>
      <Anchor component={Link} to={paths.auth.login} size="sm">
        {t('common.backToLogin')}
      </Anchor>
    </Stack>
  );
}
