import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { stepOf } from '../../machines/send-wizard/send-wizard.machine.ts';
import type { SourceKind } from '../../machines/send-wizard/types.ts';
import { focusFirstProblem } from './focus-problem.ts';
import { SendLeaveGuard } from './send-leave-guard.tsx';
import { AttachmentsStep } from './steps/attachments-step.tsx';
import { MessageStep } from './steps/message-step.tsx';
import { RecipientsStep } from './steps/recipients-step.tsx';
import { ReviewStep } from './steps/review-step.tsx';
import { ScheduleStep } from './steps/schedule-step.tsx';
import { SubmitResult } from './steps/submit-result.tsx';
import { SurveyStep } from './steps/survey-step.tsx';
import { StepList, WizardNav } from './steps/wizard-nav.tsx';
import { useSendI18n } from './use-send-i18n.ts';
import { useSendWizard } from './use-send-wizard.ts';

const stepViews = {
  recipients: RecipientsStep,
  message: MessageStep,
  attachments: AttachmentsStep,
  survey: SurveyStep,
  schedule: ScheduleStep,
  review: ReviewStep,
};

/** /dashboard/send/{user,list,group,excel}: the send wizard (issue 10), one source each. */
export default function SendScreen({ source }: { source: SourceKind }) {
  const { t } = useSendI18n();
  const { actor, blocked, leaving } = useSendWizard(source);
  const state = useSelector(actor, (snapshot) => snapshot);
  // While the send is being accepted the review stays on screen, its button showing the work
  // and refusing a second send, so nothing moves under the pointer.
  const step = stepOf(state) ?? (state.matches('submitting') ? 'review' : null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new step (or the result) takes the focus, so keyboard and screen reader users start there.
  const place = step ?? String(state.value);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [place]);

  // A refused "next" (or a check the server refused) leads to what needs fixing, not to Next.
  const stepBox = useRef<HTMLDivElement>(null);
  const { attention } = state.context;
  useEffect(() => {
    if (attention > 0) focusFirstProblem(stepBox.current);
  }, [attention]);

  const { repick, failure } = state.context;
  const StepView = step ? stepViews[step] : null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`send:heading.${source}`)}</Title>
      {repick.length > 0 ? (
        <Alert color="yellow" role="status">
          {t('send:repick', { files: repick.join('، ') })}
        </Alert>
      ) : null}
      {state.matches('loading') ? (
        <Center py="xl" role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      ) : null}
      {state.matches('loadFailed') ? (
        <Alert color="red" role="alert" title={t('send:loadFailed')}>
          <Stack gap="sm" align="flex-start">
            {t(failure?.code ?? 'errors.unexpected')}
            <Button size="xs" onClick={() => actor.send({ type: 'wizard.retry' })}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {step && StepView ? (
        <Stack gap="md" component="section" aria-labelledby="send-step-title" ref={stepBox}>
          <StepList current={step} />
          <Title order={2} id="send-step-title" ref={heading} tabIndex={-1}>
            {t(`send:steps.${step}`)}
          </Title>
          {failure && !state.matches({ editing: { review: 'checkFailed' } }) ? (
            // A check the server refused: its reason, and the fields it named (some live on
            // another step, such as the from address while counting recipients).
            <Alert color="red" role="alert">
              {[failure.code, ...Object.values(failure.fields ?? {})]
                .map((key) => t(key, failure.details ?? {}))
                .join(' ')}
            </Alert>
          ) : null}
          <StepView state={state} send={actor.send} />
          <WizardNav state={state} send={actor.send} step={step} />
        </Stack>
      ) : null}
      {state.matches('done') || state.matches('failed') ? (
        <SubmitResult state={state} send={actor.send} headingRef={heading} />
      ) : null}
      <SendLeaveGuard actor={actor} leaving={leaving} blocked={blocked} />
    </Stack>
  );
}
