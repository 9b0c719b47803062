import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef, ListItem } from '../../machines/list.machine.ts';
import {
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectPendingDelete,
} from '../../machines/list.selectors.ts';

interface ListDeleteModalProps<Item extends ListItem> {
  actor: ListActorRef;
  /** How the question names the row ("Delete “Sea”?"). */
  nameOf: (item: Item) => string;
  /** i18n keys, when the resource words it better than the shared ones. */
  titleKey?: string;
  messageKey?: string;
  confirmKey?: string;
}

/** Open while the machine waits for the answer, and while the delete it allowed is under way. */
export function ListDeleteModal<Item extends ListItem>({
  actor,
  nameOf,
  titleKey = 'list.deleteTitle',
  messageKey = 'list.deleteMessage',
  confirmKey = 'list.delete',
}: ListDeleteModalProps<Item>) {
  const { t } = useTranslation();
  const confirming = useSelector(actor, selectIsConfirmingDelete);
  const deleting = useSelector(actor, selectIsDeleting);
  const pending = useSelector(actor, selectPendingDelete<Item>);
  const cancel = () => actor.send({ type: 'list.delete.cancel' });
  return (
    <Modal opened={confirming || deleting} onClose={cancel} title={t(titleKey)} centered>
      <Text>{t(messageKey, { name: pending ? nameOf(pending) : '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button data-autofocus variant="default" onClick={cancel} disabled={deleting}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={() => actor.send({ type: 'list.delete.confirm' })}>
          {t(confirmKey)}
        </Button>
      </Group>
    </Modal>
  );
}
