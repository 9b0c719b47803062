import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { steps, type StepName } from '../../../machines/send-wizard/types.ts';
import type { StepProps } from './step-props.ts';

/** Where the sender is: every step, the current one marked for assistive technology too. */
export function StepList({ current }: { current: StepName }) {
  const { t } = useTranslation();
  const at = steps.indexOf(current);
  return (
    <nav aria-label={t('send:steps.label')}>
      <Text size="sm" c="dimmed" mb={4}>
        {t('send:steps.position', { current: at + 1, total: steps.length })}
      </Text>
      <Group component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {steps.map((step, index) => (
          <li key={step} aria-current={index === at ? 'step' : undefined}>
            <Badge
              variant={index === at ? 'filled' : 'outline'}
              color={index < at ? 'teal.9' : index === at ? 'blue.9' : 'gray.8'}
            >
              {`${index + 1}. ${t(`send:steps.${step}`)}`}
            </Badge>
          </li>
        ))}
      </Group>
    </nav>
  );
}

/** Back, next (or send on the review) and cancel; locked while the server is being asked. */
export function WizardNav({ state, send, step }: StepProps & { step: StepName }) {
  const { t } = useTranslation();
  const busy = state.hasTag('busy');
  const importing = state.matches({ editing: { recipients: 'importing' } });
  const review = step === 'review';
  const canSubmit = state.matches({ editing: { review: 'ready' } });
  const scheduled = state.context.draft.schedule.mode === 'later';
  return (
    <Group justify="space-between">
      <Group>
        <Button
          variant="default"
          disabled={step === 'recipients' || busy}
          onClick={() => send({ type: 'wizard.back' })}
        >
          {t('send:nav.back')}
        </Button>
        {review ? (
          <Button disabled={!canSubmit} loading={busy} onClick={() => send({ type: 'wizard.submit' })}>
            {t(scheduled ? 'send:nav.schedule' : 'send:nav.send')}
          </Button>
        ) : (
          <Button loading={busy} disabled={importing} onClick={() => send({ type: 'wizard.next' })}>
            {t('send:nav.next')}
          </Button>
        )}
      </Group>
      <Button
        variant="default"
        disabled={state.matches('submitting')}
        onClick={() => send({ type: 'wizard.leave' })}
      >
        {t('send:nav.leave')}
      </Button>
    </Group>
  );
}
