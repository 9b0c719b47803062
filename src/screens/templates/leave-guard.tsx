import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import type { TemplateEditorActorRef } from '../../machines/template-editor.machine.ts';

/**
 * Asks before unsaved changes are lost: the editor's own "back" button, any navigation inside
 * the app (menu, browser back) and closing or reloading the tab.
 */
interface LeaveGuardProps {
  editor: TemplateEditorActorRef;
  /** Set by the editor's `leave` action: its own closing is never held. */
  leaving: RefObject<boolean>;
  /** Set here while a navigation waits for the answer; the panel then lets it go on. */
  blocked: RefObject<boolean>;
}

export function LeaveGuard({ editor, leaving, blocked }: LeaveGuardProps) {
  const { t } = useTranslation('templates');
  const dirty = useSelector(editor, (state) => state.context.dirty);
  const asking = useSelector(editor, (state) => state.matches('confirmingLeave'));
  const left = useSelector(editor, (state) => state.matches('left'));
  const asked = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || leaving.current) return false;
    return (
      currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search
    );
  });

  // A held navigation becomes the machine's "leave" question; its answer lets it go or stay.
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asked.current = false;
      blocked.current = false;
      return;
    }
    blocked.current = true;
    if (!asked.current) {
      asked.current = true;
      editor.send({ type: 'template.leave' });
    }
    const state = editor.getSnapshot();
    if (state.matches('left')) blocker.proceed();
    else if (!state.matches('confirmingLeave')) blocker.reset();
  }, [blocker, editor, asking, left, blocked]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      opened={asking}
      onClose={() => editor.send({ type: 'leave.cancel' })}
      title={t('templates:leave.title')}
      centered
    >
      <Text mb="md">{t('templates:leave.body')}</Text>
      <Group justify="flex-end">
        <Button data-autofocus variant="default" onClick={() => editor.send({ type: 'leave.cancel' })}>
          {t('templates:leave.cancel')}
        </Button>
        <Button color="red" onClick={() => editor.send({ type: 'leave.confirm' })}>
          {t('templates:leave.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
