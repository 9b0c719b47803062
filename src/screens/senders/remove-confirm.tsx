import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectIsRemoving,
  selectPendingLabel,
  selectPendingRemoval,
  type SenderIdentitiesActorRef,
} from '../../machines/senders/sender-identities.machine.ts';

/** "Remove ...?" for the item the identities machine is asking about. */
export function RemoveConfirm({ actor }: { actor: SenderIdentitiesActorRef }) {
  const { t } = useTranslation();
  const pending = useSelector(actor, selectPendingRemoval);
  const removing = useSelector(actor, selectIsRemoving);
  const label = useSelector(actor, selectPendingLabel);
  const cancel = () => !removing && actor.send({ type: 'identities.cancel' });
  return (
    <Modal
      opened={pending !== null}
      onClose={cancel}
      title={t('senders:confirm.title')}
      closeButtonProps={{ 'aria-label': t('senders:confirm.cancel') }}
    >
      <Stack>
        <Text>{pending ? t(`senders:confirm.${pending.kind}`, { label }) : null}</Text>
        <Group justify="flex-end">
          <Button data-autofocus variant="default" disabled={removing} onClick={cancel}>
            {t('senders:confirm.cancel')}
          </Button>
          <Button color="red.9" loading={removing} onClick={() => actor.send({ type: 'identities.confirm' })}>
            {t('senders:confirm.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
