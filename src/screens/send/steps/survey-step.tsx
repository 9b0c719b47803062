import { ActionIcon, Button, CloseButton, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SurveyDraft } from '../../../machines/send-wizard/types.ts';
import { errorOf, type StepProps } from './step-props.ts';

export function SurveyStep({ state, send }: StepProps) {
  const { t } = useTranslation();
  const { survey } = state.context.draft;
  const { errors } = state.context;
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('send:survey.type')}
        value={survey.type}
        onChange={(value) => send({ type: 'survey.type', value: value as SurveyDraft['type'] })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="none" label={t('send:survey.none')} />
          <Radio value="yes_no" label={t('send:survey.yesNo')} />
          <Radio value="custom" label={t('send:survey.custom')} />
        </Stack>
      </Radio.Group>
      {survey.type === 'yes_no' ? (
        <TextInput
          label={t('send:survey.question')}
          withAsterisk
          value={survey.question}
          error={errorOf(t, errors.question)}
          onChange={(event) => send({ type: 'survey.question', value: event.currentTarget.value })}
        />
      ) : null}
      {survey.type === 'custom' ? (
        <Stack gap="sm">
          {survey.questions.map((question, index) => {
            const number = index + 1;
            return (
              <Group key={index} align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('send:survey.questionN', { index: number })}
                  withAsterisk
                  value={question}
                  error={errorOf(t, errors[`questions.${index}`])}
                  onChange={(event) =>
                    send({ type: 'survey.custom.set', index, value: event.currentTarget.value })
                  }
                />
                <ActionIcon
                  mt={28}
                  variant="default"
                  disabled={index === 0}
                  aria-label={t('send:survey.up', { index: number })}
                  onClick={() => send({ type: 'survey.custom.move', index, by: -1 })}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  mt={28}
                  variant="default"
                  disabled={index === survey.questions.length - 1}
                  aria-label={t('send:survey.down', { index: number })}
                  onClick={() => send({ type: 'survey.custom.move', index, by: 1 })}
                >
                  ↓
                </ActionIcon>
                <CloseButton
                  mt={28}
                  aria-label={t('send:survey.remove', { index: number })}
                  onClick={() => send({ type: 'survey.custom.remove', index })}
                />
              </Group>
            );
          })}
          {errors.survey ? (
            <Text c="red.9" role="alert">
              {t(errors.survey)}
            </Text>
          ) : null}
          <Group>
            <Button variant="light" size="xs" onClick={() => send({ type: 'survey.custom.add' })}>
              {t('send:survey.add')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
