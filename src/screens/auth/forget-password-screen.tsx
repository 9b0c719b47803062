import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideRequestReset } from '../../app/wiring/password-reset.wiring.ts';
import { isLanguage } from '../../i18n/languages.ts';

/** Forgot password: an address in, a link mailed out (spec §2, §4, §8). */
export default function ForgetPasswordScreen() {
  const { t, i18n } = useTranslation();
  const services = useAppServices();
  const [machine] = useState(() => provideRequestReset(services));
  const actor = useActorRef(machine);
  const state = useSelector(actor, (snapshot) => snapshot.value as string);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'reset.request', language: isLanguage(i18n.language) ? i18n.language : 'ar' });
  };

  if (state === 'sent') {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('auth.forgetPassword.sentTitle')}
        </Title>
        <Text role="status">{t('auth.forgetPassword.sent')}</Text>
        <Text size="sm">{t('auth.forgetPassword.sentTo', { email })}</Text>
        <Button variant="light" onClick={() => actor.send({ type: 'reset.retry' })}>
          {t('auth.forgetPassword.again')}
        </Button>
        <Anchor component={Link} to={paths.auth.login} size="sm" ta="center">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  const problemKey =
    state === 'notFound' ? 'errors.accountNotFound' : state === 'networkError' ? 'errors.network' : errorKey;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('auth.forgetPassword.title')}
        </Title>
        <Text size="sm">{t('auth.forgetPassword.intro')}</Text>
        <TextInput
          label={t('auth.forgetPassword.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={errorKey === 'validation.required' ? t('validation.required') : undefined}
          onChange={(event) => actor.send({ type: 'reset.email.change', value: event.currentTarget.value })}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('auth.forgetPassword.submit')}
        </Button>
        {problemKey && problemKey !== 'validation.required' ? (
          <Alert color="red" variant="light" role="alert">
            {t(problemKey)}
          </Alert>
        ) : null}
        <Anchor component={Link} to={paths.auth.login} size="sm" ta="center">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
