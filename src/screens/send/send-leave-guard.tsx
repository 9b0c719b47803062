import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { isFilled } from '../../machines/send-wizard/draft.ts';
import type { SendWizardActorRef } from '../../machines/send-wizard/send-wizard.machine.ts';

interface SendLeaveGuardProps {
  actor: SendWizardActorRef;
  /** Set by the wizard's `leave` action: its own leaving is never held. */
  leaving: RefObject<boolean>;
  /** Holds the waiting navigation while the question is open. */
  blocked: RefObject<{ proceed: () => void } | null>;
}

/**
 * Asks before a filled wizard is left: its cancel button, any navigation in the app, and closing
 * or reloading the tab (which keeps the draft anyway). The question is the machine's state.
 */
export function SendLeaveGuard({ actor, leaving, blocked }: SendLeaveGuardProps) {
  const { t } = useTranslation();
  const guarded = useSelector(
    actor,
    (state) => isFilled(state.context.draft) && !state.matches('done') && !state.matches('submitting'),
  );
  const asking = useSelector(actor, (state) => state.context.askingLeave);
  const asked = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarded && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asked.current = false;
      blocked.current = null;
      return;
    }
    blocked.current = { proceed: () => blocker.proceed() };
    if (!asked.current) {
      asked.current = true;
      actor.send({ type: 'wizard.leave' });
    } else if (!asking) blocker.reset();
  }, [blocker, actor, asking, blocked]);

  useEffect(() => {
    if (!guarded) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarded]);

  return (
    <Modal
      opened={asking}
      onClose={() => actor.send({ type: 'leave.cancel' })}
      title={t('send:leave.title')}
      centered
    >
      <Text mb="md">{t('send:leave.body')}</Text>
      <Group justify="flex-end">
        <Button data-autofocus variant="default" onClick={() => actor.send({ type: 'leave.cancel' })}>
          {t('send:leave.stay')}
        </Button>
        <Button color="red.9" onClick={() => actor.send({ type: 'leave.confirm' })}>
          {t('send:leave.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
