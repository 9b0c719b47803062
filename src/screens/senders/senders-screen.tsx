import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import arSenders from '../../i18n/locales/ar/senders.json';
import enSenders from '../../i18n/locales/en/senders.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { IdentitiesPanel } from './identities-panel.tsx';
import { SenderUserList } from './sender-user-list.tsx';

/**
 * Administrators set each user's sender names, sender e-mails and domains (spec §1, Settings ->
 * senders): without a user in the path, the users to choose from; with one, that user's identities.
 */
export default function SendersScreen() {
  const { t } = useNamespace('senders', { ar: arSenders, en: enSenders });
  const { id } = useParams();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('senders:title')}</Title>
      {/* A new user is a new panel (and machine): nothing of the previous one carries over. */}
      {id ? <IdentitiesPanel key={id} userId={id} /> : <SenderUserList />}
    </Stack>
  );
}
