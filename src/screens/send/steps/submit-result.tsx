import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths.ts';
import type { StepProps } from './step-props.ts';

/** The campaign's link (done) or the server's reason (failed). */
export function SubmitResult({
  state,
  send,
  headingRef,
}: StepProps & { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const { campaignId, check, failure, draft } = state.context;
  if (state.matches('failed'))
    return (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Title order={2} ref={headingRef} tabIndex={-1}>
            {t('send:failed.heading')}
          </Title>
          <Text>{t(failure?.code ?? 'errors.unexpected', failure?.details ?? {})}</Text>
          <Group>
            <Button onClick={() => send({ type: 'wizard.retry' })}>{t('send:failed.retry')}</Button>
            <Button variant="default" onClick={() => send({ type: 'wizard.back' })}>
              {t('send:failed.back')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2} ref={headingRef} tabIndex={-1}>
        {t(draft.schedule.mode === 'later' ? 'send:done.scheduled' : 'send:done.sent')}
      </Title>
      {check ? <Text>{t('send:done.body', { count: check.recipients_count })}</Text> : null}
      {campaignId ? (
        <Anchor component={Link} to={paths.dashboard.logs.emailEntry(campaignId)}>
          {t('send:done.log')}
        </Anchor>
      ) : null}
      <Button variant="light" onClick={() => send({ type: 'wizard.restart' })}>
        {t('send:done.again')}
      </Button>
    </Stack>
  );
}
