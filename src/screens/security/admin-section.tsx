import { Alert, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecuritySettings } from '../../../contract/security.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import { saveSecuritySettings } from '../../services/security.service.ts';

export function AdminSection({
  settings,
  changed,
}: {
  settings: SecuritySettings;
  twoFactorOn: boolean;
  changed: () => void;
}) {
  const { t } = useTranslation();
  const { call } = useAppServices();
  const save = useSubmit<SecuritySettings, SecuritySettings>({
    successKey: 'security:admin.savedNotice',
    save: (body) => saveSecuritySettings(call, body),
    saved: changed,
  });
  const problem = save.fieldErrors.require_two_factor ?? save.errorKey;
  return (
    <Stack component="section" gap="sm" aria-labelledby="security-admin-heading">
      <Title order={2} id="security-admin-heading">
        {t('security:admin.heading')}
      </Title>
      <Switch
        label={t('security:admin.requireAll')}
        description={t('security:admin.requireHelp')}
        checked={settings.require_two_factor}
        disabled={save.busy}
        onChange={(event) => save.submit({ require_two_factor: event.currentTarget.checked })}
      />
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {t(problem)}
        </Alert>
      ) : null}
    </Stack>
  );
}
