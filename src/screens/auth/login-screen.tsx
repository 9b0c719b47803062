import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { selectErrorKey, selectIsBusy, selectNeedsCode } from '../../machines/auth.machine.ts';
import { paths } from '../../app/paths.ts';

/**
 * The second step of a two-factor sign-in: the code from the authenticator app, or a recovery
 * code. The machine (signedOut.code) checks the shape and calls the server.
 */
function CodeStep() {
  const { t } = useTranslation();
  const { auth } = useAppServices();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const busy = useSelector(auth, selectIsBusy);
  const errorKey = useSelector(auth, selectErrorKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'auth.code', code, kind });
  };
  const switchKind = () => {
    setKind(kind === 'totp' ? 'recovery' : 'totp');
    setCode('');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('auth.login.code.title')}
        </Title>
        <Text size="sm" id="code-help">
          {t(kind === 'totp' ? 'auth.login.code.help' : 'auth.login.code.helpRecovery')}
        </Text>
        <TextInput
          key={kind}
          label={t(kind === 'totp' ? 'auth.login.code.label' : 'auth.login.code.recoveryLabel')}
          aria-describedby="code-help"
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          dir="ltr"
          data-autofocus
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('auth.login.code.submit')}
        </Button>
        {errorKey ? (
          <Alert color="red" variant="light" role="alert">
            {t(errorKey)}
          </Alert>
        ) : null}
        <Button variant="subtle" onClick={switchKind} disabled={busy}>
          {t(kind === 'totp' ? 'auth.login.code.useRecovery' : 'auth.login.code.useApp')}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => auth.send({ type: 'auth.cancelCode' })}
          disabled={busy}
        >
          {t('auth.login.code.back')}
        </Button>
      </Stack>
    </form>
  );
}

export default function LoginScreen() {
  const { auth } = useAppServices();
  const needsCode = useSelector(auth, selectNeedsCode);
  return needsCode ? <CodeStep /> : <PasswordStep />;
}

function PasswordStep() {
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
          // The page is there to sign in: the keyboard starts in its first field, not on <body>.
          autoFocus
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
