import { Radio, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorOf, type StepProps } from './step-props.ts';

/** Now, or a date and time in the sender's own time zone (the browser's); and the send's options. */
export function ScheduleStep({ state, send }: StepProps) {
  const { t } = useTranslation();
  const { schedule } = state.context.draft;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('send:schedule.when')}
        value={schedule.mode}
        onChange={(value) => send({ type: 'schedule.mode', value: value === 'later' ? 'later' : 'now' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="now" label={t('send:schedule.now')} />
          <Radio value="later" label={t('send:schedule.later')} />
        </Stack>
      </Radio.Group>
      {schedule.mode === 'later' ? (
        <TextInput
          type="datetime-local"
          label={t('send:schedule.at')}
          description={t('send:schedule.zone', { zone })}
          withAsterisk
          dir="ltr"
          value={schedule.at}
          error={errorOf(t, state.context.errors.schedule)}
          onChange={(event) => send({ type: 'schedule.at', value: event.currentTarget.value })}
        />
      ) : null}
      <Switch
        label={t('send:options.trackClicks')}
        description={t('send:options.trackClicksHelp')}
        checked={state.context.draft.trackClicks}
        onChange={(event) => send({ type: 'options.trackClicks', value: event.currentTarget.checked })}
      />
    </Stack>
  );
}
