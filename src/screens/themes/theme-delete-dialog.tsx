import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '../../../contract/theme.contract.ts';
import type { ListActorRef } from '../../machines/list.machine.ts';
import { selectIsConfirmingDelete, selectPendingDelete } from '../../machines/list.selectors.ts';

/** Open exactly while the list machine waits for the delete to be confirmed. */
export function ThemeDeleteDialog({ list }: { list: ListActorRef }) {
  const { t } = useTranslation();
  const confirming = useSelector(list, selectIsConfirmingDelete);
  const pending = useSelector(list, selectPendingDelete<Theme>);
  const cancel = () => list.send({ type: 'list.delete.cancel' });

  return (
    <Modal opened={confirming} onClose={cancel} title={t('themes.confirmDeleteTitle')} centered>
      <Text>{t('themes.confirmDeleteMessage', { name: pending?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button data-autofocus variant="default" onClick={cancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => list.send({ type: 'list.delete.confirm' })}>
          {t('themes.confirmDelete')}
        </Button>
      </Group>
    </Modal>
  );
}
