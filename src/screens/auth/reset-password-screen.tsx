import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideResetPassword } from '../../app/wiring/password-reset.wiring.ts';

/** The e-mailed link lands here: `#/auth/reset-password?token=...` (spec §2, §4). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const services = useAppServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [machine] = useState(() =>
    provideResetPassword({ ...services, goToLogin: () => navigate(paths.auth.login, { replace: true }) }),
  );
  const actor = useActorRef(machine, { input: { token: params.get('token') } });
  const snapshot = useSelector(actor, (s) => s);
  const { password, confirmation, fieldErrors, errorKey } = snapshot.context;
  const judged = snapshot.matches({ valid: { validation: 'judged' } });
  const busy = snapshot.hasTag('busy');

  const back = (
    <Anchor component={Link} to={paths.auth.login} size="sm" ta="center">
      {t('common.backToLogin')}
    </Anchor>
  );
  const heading = (
    <Title order={1} size="h3">
      {t('auth.resetPassword.title')}
    </Title>
  );

  if (snapshot.matches('checkingLink')) {
    return (
      <Stack gap="md" align="center">
        {heading}
        <Loader aria-label={t('auth.resetPassword.checking')} />
      </Stack>
    );
  }
  if (snapshot.matches('invalid') || snapshot.matches('linkCheckFailed')) {
    const failedCheck = snapshot.matches('linkCheckFailed');
    return (
      <Stack gap="md">
        {heading}
        <Alert color="red" variant="light" role="alert">
          {t(failedCheck ? (errorKey ?? 'errors.network') : 'errors.invalidResetLink')}
        </Alert>
        {failedCheck ? (
          <Button onClick={() => actor.send({ type: 'reset.submit' })}>{t('common.retry')}</Button>
        ) : (
          <Button component={Link} to={paths.auth.forgetPassword} variant="light">
            {t('auth.resetPassword.requestNew')}
          </Button>
        )}
        {back}
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'reset.submit' });
  };
  const fieldError = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {heading}
        <Text size="sm">{t('auth.resetPassword.rules')}</Text>
        <PasswordInput
          label={t('auth.resetPassword.password')}
          autoComplete="new-password"
          required
          value={password}
          error={judged || errorKey ? fieldError(fieldErrors.password) : undefined}
          onChange={(event) =>
            actor.send({ type: 'reset.password.change', value: event.currentTarget.value })
          }
        />
        <PasswordInput
          label={t('auth.resetPassword.confirmation')}
          autoComplete="new-password"
          required
          value={confirmation}
          error={fieldError(fieldErrors.password_confirmation)}
          onChange={(event) =>
            actor.send({ type: 'reset.confirmation.change', value: event.currentTarget.value })
          }
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('auth.resetPassword.submit')}
        </Button>
        {errorKey && !fieldErrors.password && !fieldErrors.password_confirmation ? (
          <Alert color="red" variant="light" role="alert">
            {t(errorKey)}
          </Alert>
        ) : null}
        {back}
      </Stack>
    </form>
  );
}
