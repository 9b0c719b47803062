import { Alert, Anchor, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { selectErrorKey, selectIsBusy } from '../../machines/auth.machine.ts';
import { paths } from '../../app/paths.ts';

export default function LoginScreen() {
  const { t } = useTranslation();
  const { auth } = useAppServices();
  // What the user is typing is view state; the machine receives it with the login event.
  const [credentials, setCredentials] = useState({ username: '', password: '' });
  const login = { type: 'auth.login' as const, ...credentials };

  const busy = useSelector(auth, selectIsBusy);
  const errorKey = useSelector(auth, selectErrorKey);
  const canLogin = useSelector(auth, (snapshot) => snapshot.can(login));

  // After sign-in the session marker changes and guard C (route-rules.ts) leaves this screen.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send(login);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('auth.login.title')}
        </Title>
        <TextInput
          label={t('auth.login.username')}
          autoComplete="username"
          value={credentials.username}
          onChange={(event) => setCredentials({ ...credentials, username: event.currentTarget.value })}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          value={credentials.password}
          onChange={(event) => setCredentials({ ...credentials, password: event.currentTarget.value })}
        />
        <Button type="submit" loading={busy} disabled={!canLogin} fullWidth>
          {t('auth.login.submit')}
        </Button>
        {errorKey ? (
          <Alert color="red" variant="light" role="alert">
            {t(errorKey)}
          </Alert>
        ) : null}
        <Anchor component={Link} to={paths.auth.forgetPassword} size="sm" ta="center">
          {t('auth.login.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
