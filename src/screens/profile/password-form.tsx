import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { checkPasswordChange } from '../../machines/profile/profile-checks.ts';
import { changePassword, type PasswordChange } from '../../services/profile.service.ts';
import { useSubmit } from '../../components/use-submit.ts';

const blank: PasswordChange = { current_password: '', password: '', password_confirmation: '' };

/** A new password; the server signs every other session out, and the screen says so. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { call } = useAppServices();
  const [values, setValues] = useState<PasswordChange>(blank);
  const [changed, setChanged] = useState(false);
  const { submit, busy, fieldErrors, errorKey } = useSubmit<PasswordChange, void>({
    successKey: 'profile:notices.passwordChanged',
    save: (body) => changePassword(call, body),
    saved: () => {
      setValues(blank);
      setChanged(true);
    },
    check: checkPasswordChange,
  });
  const field = (name: keyof PasswordChange, autoComplete: string) => ({
    value: values[name],
    autoComplete,
    required: true,
    error: fieldErrors[name] ? t(fieldErrors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      setChanged(false);
      setValues({ ...values, [name]: event.currentTarget.value });
    },
  });
  return (
    <Stack component="section" gap="sm" aria-labelledby="profile-password-heading">
      <Title order={2} id="profile-password-heading">
        {t('profile:password.heading')}
      </Title>
      <Text>{t('profile:password.intro')}</Text>
      {changed ? (
        <Alert color="teal.9" variant="outline" role="status">
          {t('profile:password.othersSignedOut')}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(values);
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            label={t('profile:password.current')}
            {...field('current_password', 'current-password')}
          />
          <PasswordInput label={t('profile:password.new')} {...field('password', 'new-password')} />
          <PasswordInput
            label={t('profile:password.confirm')}
            {...field('password_confirmation', 'new-password')}
          />
          {errorKey ? (
            <Text c="red.9" size="sm" role="alert">
              {t(errorKey)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('profile:password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
