import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideSenderIdentities } from '../../app/wiring/senders.wiring.ts';
import {
  selectIdentities,
  selectIdentitiesUser,
  selectLoadError,
} from '../../machines/senders/sender-identities.machine.ts';
import { DomainsSection } from './domains-section.tsx';
import { EmailsSection, NamesSection } from './address-sections.tsx';
import { RemoveConfirm } from './remove-confirm.tsx';

/** One user's domains, sender e-mails and names, as the identities machine holds them. */
export function IdentitiesPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { call, notify } = useAppServices();
  const machine = useMemo(() => provideSenderIdentities({ call, notify }), [call, notify]);
  const actor = useActorRef(machine, { input: { userId } });
  const user = useSelector(actor, selectIdentitiesUser);
  const identities = useSelector(actor, selectIdentities);
  const errorKey = useSelector(actor, selectLoadError);

  const back = (
    <Anchor component={Link} to={paths.dashboard.settings.senders}>
      {t('senders:back')}
    </Anchor>
  );
  if (errorKey) {
    return (
      <Stack gap="sm" align="flex-start">
        {back}
        <Alert color="red" variant="light" role="alert" w="100%">
          <Stack gap="sm" align="flex-start">
            <Text c="red.9">{t(errorKey)}</Text>
            <Button size="xs" onClick={() => actor.send({ type: 'identities.retry' })}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (!user || !identities) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="xl">
      <Stack gap={4} align="flex-start">
        {back}
        <Text fw={700} dir="auto">
          {t('senders:userLine', { name: user.username, email: user.email })}
        </Text>
      </Stack>
      <DomainsSection actor={actor} userId={userId} />
      <EmailsSection actor={actor} userId={userId} />
      <NamesSection actor={actor} userId={userId} />
      <RemoveConfirm actor={actor} />
    </Stack>
  );
}
