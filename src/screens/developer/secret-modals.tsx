import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import ar from '../../i18n/locales/ar/developer.json';
import en from '../../i18n/locales/en/developer.json';
import { useNamespace } from '../../i18n/use-namespace.ts';

type FormActor = AnyActorRef;

/** The create form's dialog: open while the machine edits or submits. */
export function FormModal({
  actor,
  title,
  submitLabel,
  cancelLabel,
  children,
}: {
  actor: FormActor;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  children: ReactNode;
}) {
  const { t } = useNamespace('developer', { ar, en });
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing'));
  const submitting = useSelector(actor, (snapshot) => snapshot.matches('submitting'));
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey as string | null);
  return (
    <Modal
      opened={editing || submitting}
      onClose={() => actor.send({ type: 'form.close' })}
      title={title}
      closeButtonProps={{ 'aria-label': t('developer:close') }}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Stack>
          {children}
          {errorKey ? (
            <Alert color="red" role="alert">
              {t(errorKey, { ns: 'common' })}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => actor.send({ type: 'form.close' })}
              disabled={submitting}
            >
              {cancelLabel}
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The secret, once: a key or a signing secret the server never gives again. */
export function SecretModal({ actor, section }: { actor: FormActor; section: 'keys' | 'webhooks' }) {
  const { t } = useNamespace('developer', { ar, en });
  const secret = useSelector(actor, (snapshot) => snapshot.context.secret as string | null);
  const shown = useSelector(actor, (snapshot) => snapshot.matches('shown'));
  const dismiss = () => actor.send({ type: 'secret.dismiss' });
  return (
    <Modal
      opened={shown}
      onClose={dismiss}
      title={t(`developer:${section}.shown.title`)}
      closeButtonProps={{ 'aria-label': t('developer:close') }}
      centered
    >
      <Stack>
        <Alert color="yellow">{t(`developer:${section}.shown.warning`)}</Alert>
        <Text fw={600} id={`${section}-secret-label`}>
          {t(`developer:${section}.shown.label`)}
        </Text>
        <Code block dir="ltr" aria-labelledby={`${section}-secret-label`} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t(`developer:${section}.shown.copied`) : t(`developer:${section}.shown.copy`)}
              </Button>
            )}
          </CopyButton>
          <Button onClick={dismiss}>{t(`developer:${section}.shown.done`)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
