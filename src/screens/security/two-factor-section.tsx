import {
  Alert,
  Button,
  Code,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../contract/security.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../../services/security.service.ts';

/** The otpauth:// address as an SVG QR code, drawn in the browser (the secret never leaves it). */
function QrCode({ url, alt }: { url: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import('qrcode').then(({ toString }) =>
      toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((markup) => {
        if (alive) setSvg(markup);
      }),
    );
    return () => {
      alive = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      width={200}
      height={200}
      style={{ background: '#fff' }}
    />
  );
}

export function TwoFactorSection({ status, changed }: { status: TwoFactorStatus; changed: () => void }) {
  const { t } = useTranslation();
  const { call } = useAppServices();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disable, setDisable] = useState({ password: '', code: '' });

  const setup = useSubmit<void, TwoFactorSetup>({
    successKey: 'security:twoFactor.setupNotice',
    save: () => setupTwoFactor(call),
    saved: (answer) => {
      setPending(answer);
      setCode('');
    },
  });
  const enable = useSubmit<string, { recovery_codes: string[] }>({
    successKey: 'security:twoFactor.enabledNotice',
    save: (value) => enableTwoFactor(call, value),
    saved: (answer) => {
      setPending(null);
      setRecoveryCodes(answer.recovery_codes);
      // Read again now, not when the codes are put away: the status, and the sessions list that
      // enabling shortened to this one (the server ended the others).
      changed();
    },
  });
  const turnOff = useSubmit<{ password: string; code: string }, void>({
    successKey: 'security:twoFactor.disabledNotice',
    save: (body) => disableTwoFactor(call, body),
    saved: () => {
      setDisable({ password: '', code: '' });
      changed();
    },
  });

  return (
    <Stack component="section" gap="sm" aria-labelledby="two-factor-heading">
      <Title order={2} id="two-factor-heading">
        {t('security:twoFactor.heading')}
      </Title>
      <Text>{t('security:twoFactor.intro')}</Text>
      {status.required ? (
        <Alert color="blue" variant="light">
          {t('security:twoFactor.required')}
        </Alert>
      ) : null}
      <Text fw={700} role="status">
        {status.enabled || recoveryCodes
          ? t('security:twoFactor.on', {
              count: status.enabled ? status.recovery_codes_left : (recoveryCodes?.length ?? 0),
            })
          : t('security:twoFactor.off')}
      </Text>

      {recoveryCodes ? (
        <Stack gap="xs" aria-labelledby="recovery-codes-heading">
          <Title order={3} id="recovery-codes-heading">
            {t('security:twoFactor.codesHeading')}
          </Title>
          <Text>{t('security:twoFactor.codesIntro')}</Text>
          <SimpleGrid cols={2} maw="20rem" dir="ltr" data-testid="recovery-codes">
            {recoveryCodes.map((recovery) => (
              <Code key={recovery} fz="md">
                {recovery}
              </Code>
            ))}
          </SimpleGrid>
          <Group>
            <Button
              onClick={() => {
                setRecoveryCodes(null);
                changed();
              }}
            >
              {t('security:twoFactor.codesDone')}
            </Button>
          </Group>
        </Stack>
      ) : null}

      {!status.enabled && !pending && !recoveryCodes ? (
        <Group>
          <Button loading={setup.busy} onClick={() => setup.submit(undefined)}>
            {t('security:twoFactor.start')}
          </Button>
        </Group>
      ) : null}
      {setup.errorKey ? (
        <Alert color="red" variant="light" role="alert">
          {t(setup.errorKey)}
        </Alert>
      ) : null}

      {pending ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            enable.submit(code.replace(/\s+/g, ''));
          }}
        >
          <Stack gap="sm">
            <Text>{t('security:twoFactor.scan')}</Text>
            <QrCode url={pending.otpauth_url} alt={t('security:twoFactor.qrAlt')} />
            <Text size="sm">
              {t('security:twoFactor.manual')}{' '}
              <Code dir="ltr" data-testid="two-factor-secret">
                {pending.secret}
              </Code>
            </Text>
            <TextInput
              label={t('security:twoFactor.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              dir="ltr"
              maw="12rem"
              value={code}
              error={enable.fieldErrors.code ? t(enable.fieldErrors.code) : undefined}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            {enable.errorKey ? (
              <Alert color="red" variant="light" role="alert">
                {t(enable.errorKey)}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={enable.busy}>
                {t('security:twoFactor.confirm')}
              </Button>
              <Button variant="subtle" onClick={() => setPending(null)} disabled={enable.busy}>
                {t('security:twoFactor.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}

      {status.enabled && !recoveryCodes ? (
        <form
          noValidate
          aria-labelledby="two-factor-disable-heading"
          onSubmit={(event) => {
            event.preventDefault();
            turnOff.submit(disable);
          }}
        >
          <Stack gap="sm" maw="24rem">
            <Title order={3} id="two-factor-disable-heading">
              {t('security:twoFactor.disableHeading')}
            </Title>
            <PasswordInput
              label={t('security:twoFactor.password')}
              autoComplete="current-password"
              value={disable.password}
              error={turnOff.fieldErrors.password ? t(turnOff.fieldErrors.password) : undefined}
              onChange={(event) => setDisable({ ...disable, password: event.currentTarget.value })}
            />
            <TextInput
              label={t('security:twoFactor.disableCode')}
              autoComplete="one-time-code"
              dir="ltr"
              value={disable.code}
              error={turnOff.fieldErrors.code ? t(turnOff.fieldErrors.code) : undefined}
              onChange={(event) => setDisable({ ...disable, code: event.currentTarget.value })}
            />
            {turnOff.errorKey ? (
              <Alert color="red" variant="light" role="alert">
                {t(turnOff.errorKey)}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" color="red.9" loading={turnOff.busy}>
                {t('security:twoFactor.disable')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
