import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../contract/auth.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import {
  checkProfile,
  emailChanges,
  profileChanges,
  profileValuesOf,
  type ProfileSubmission,
  type ProfileValues,
} from '../../machines/profile/profile-checks.ts';
import { updateProfile } from '../../services/profile.service.ts';
import { useSubmit } from '../../components/use-submit.ts';

/** Name, organization and e-mail; a new e-mail asks for the current password. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { call, auth } = useAppServices();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  const { submit, busy, fieldErrors, errorKey } = useSubmit<ProfileSubmission, User>({
    successKey: 'profile:notices.saved',
    save: (submission) => updateProfile(call, profileChanges(submission)),
    // The header and the overview read the signed-in user from the auth machine.
    saved: (updated) => {
      auth.send({ type: 'auth.userRefreshed', user: updated });
      setValues(profileValuesOf(updated));
    },
    check: checkProfile,
  });
  const field = (name: keyof ProfileValues) => ({
    value: values[name],
    error: fieldErrors[name] ? t(fieldErrors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });
  const formError = errorKey ?? fieldErrors.form;
  return (
    <Stack component="section" gap="sm" aria-labelledby="profile-details-heading">
      <Title order={2} id="profile-details-heading">
        {t('profile:details.heading')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit({ values, user });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('profile:details.senderName')}
            description={t('profile:details.senderNameHint')}
            {...field('sender_name')}
          />
          <TextInput label={t('profile:details.organization')} {...field('organization')} />
          <TextInput
            label={t('profile:details.email')}
            type="email"
            dir="ltr"
            required
            autoComplete="email"
            {...field('email')}
          />
          {emailChanges(values, user) ? (
            <PasswordInput
              label={t('profile:details.currentPassword')}
              description={t('profile:details.currentPasswordHint')}
              required
              autoComplete="current-password"
              {...field('current_password')}
            />
          ) : null}
          {formError ? (
            <Text c="red.9" size="sm" role="alert">
              {t(formError)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('profile:details.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
