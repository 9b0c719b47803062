import { Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useAppServices } from '../../app/app-services.tsx';
import arProfile from '../../i18n/locales/ar/profile.json';
import enProfile from '../../i18n/locales/en/profile.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { selectUser } from '../../machines/auth.machine.ts';
import { DigitsSetting } from './digits-setting.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';

/** Settings -> my profile and security, for every signed-in user (spec §2 Settings). */
export default function ProfileScreen() {
  const { t } = useNamespace('profile', { ar: arProfile, en: enProfile });
  const { auth } = useAppServices();
  const user = useSelector(auth, selectUser);
  return (
    <Stack gap="xl" maw="40rem">
      <Title order={1}>{t('profile:title')}</Title>
      {user ? (
        <>
          <Text dir="auto">
            {t('profile:account', {
              username: user.username,
              role: t(`roles.${user.role}`, { ns: 'common' }),
            })}
          </Text>
          <ProfileDetailsForm user={user} />
          <PasswordForm />
          <DigitsSetting />
        </>
      ) : null}
    </Stack>
  );
}
