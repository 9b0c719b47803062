import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { selectPendingDelete } from '../../machines/theme.machine.ts';

/** Open exactly while the machine waits for the delete to be confirmed. */
export function ThemeDeleteDialog() {
  const { t } = useTranslation();
  const { theme } = useAppServices();
  const confirming = useSelector(theme, (snapshot) => snapshot.matches('confirmingDelete'));
  const pending = useSelector(theme, selectPendingDelete);
  const cancel = () => theme.send({ type: 'theme.delete.cancel' });

  return (
    <Modal opened={confirming} onClose={cancel} title={t('themes.confirmDeleteTitle')} centered>
      <Text>{t('themes.confirmDeleteMessage', { name: pending?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={cancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => theme.send({ type: 'theme.delete.confirm' })}>
          {t('themes.confirmDelete')}
        </Button>
      </Group>
    </Modal>
  );
}
