import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { CampaignStatusName } from '../../../contract/send.contract.ts';
import {
  allowedActions,
  selectIsChanging,
  selectIsConfirmingCancel,
  selectPending,
  type CampaignControlActorRef,
} from '../../machines/logs/campaign-control.machine.ts';
import { campaignLabel } from './campaign-title.tsx';

interface Campaign {
  id: string;
  name: string | null;
  subject: string;
  status: CampaignStatusName;
}

/** Pause / resume / cancel of one campaign: only what its status allows, none while one runs. */
export function CampaignActions({
  control,
  campaign,
}: {
  control: CampaignControlActorRef;
  campaign: Campaign;
}) {
  const { t } = useTranslation();
  const busy = useSelector(control, selectIsChanging);
  const pendingId = useSelector(control, (snapshot) => selectPending(snapshot)?.id);
  const actions = allowedActions(campaign.status);
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant={action === 'cancel' ? 'outline' : 'light'}
          color={action === 'cancel' ? 'red.9' : undefined}
          disabled={busy}
          loading={busy && pendingId === campaign.id && action !== 'cancel'}
          aria-label={t(`logs:actions.${action}Label`, { subject: campaignLabel(campaign) })}
          onClick={() => control.send({ type: `campaign.${action}`, id: campaign.id })}
        >
          {t(`logs:actions.${action}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The question before a cancel, open while the machine waits for it and while the cancel runs. */
export function CancelCampaignModal({
  control,
  subjectOf,
}: {
  control: CampaignControlActorRef;
  subjectOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const confirming = useSelector(control, selectIsConfirmingCancel);
  const pending = useSelector(control, selectPending);
  const cancelling = useSelector(
    control,
    (snapshot) => selectIsChanging(snapshot) && pending?.action === 'cancel',
  );
  const dismiss = () => control.send({ type: 'campaign.dismiss' });
  return (
    <Modal opened={confirming || cancelling} onClose={dismiss} title={t('logs:actions.cancelTitle')} centered>
      <Text>{t('logs:actions.cancelMessage', { subject: pending ? subjectOf(pending.id) : '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button data-autofocus variant="default" onClick={dismiss} disabled={cancelling}>
          {t('logs:actions.keep')}
        </Button>
        <Button color="red.9" loading={cancelling} onClick={() => control.send({ type: 'campaign.confirm' })}>
          {t('logs:actions.confirmCancel')}
        </Button>
      </Group>
    </Modal>
  );
}
