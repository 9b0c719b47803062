import { Alert, Button, CloseButton, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localRecipientCount } from '../../../machines/send-wizard/draft.ts';
import type { ExcelImportActorRef } from '../../../machines/send-wizard/excel-import.machine.ts';
import { ExcelImportPanel } from './excel-import-panel.tsx';
import { errorOf, type StepProps } from './step-props.ts';

/** How many unique recipients: the server's count once asked, else what the browser knows. */
function RecipientCount({ state }: Pick<StepProps, 'state'>) {
  const { t } = useTranslation();
  const { check } = state.context;
  const local = localRecipientCount(state.context);
  const text = check
    ? t('send:recipients.serverCount', { count: check.recipients_count, blocked: check.blocked_count })
    : local !== null
      ? t('send:recipients.localCount', { count: local })
      : t('send:recipients.unknownCount');
  return (
    <Text role="status" fw={500}>
      {text}
    </Text>
  );
}

function SingleRecipient({ state, send }: StepProps) {
  const { t } = useTranslation();
  const { recipient } = state.context.draft;
  const { errors } = state.context;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('send:recipients.email')}
        type="email"
        dir="ltr"
        withAsterisk
        value={recipient.email}
        error={errorOf(t, errors['recipient.email'])}
        onChange={(event) =>
          send({ type: 'recipient.set', field: 'email', value: event.currentTarget.value })
        }
      />
      <TextInput
        label={t('send:recipients.name')}
        value={recipient.name}
        onChange={(event) => send({ type: 'recipient.set', field: 'name', value: event.currentTarget.value })}
      />
      <Text fw={500}>{t('send:recipients.variables')}</Text>
      {recipient.variables.map((variable, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('send:recipients.variableNameLabel', { index: index + 1 })}
            dir="ltr"
            value={variable.name}
            error={errorOf(t, errors[`variables.${index}`])}
            onChange={(event) =>
              send({ type: 'recipient.variable.set', index, field: 'name', value: event.currentTarget.value })
            }
          />
          <TextInput
            label={t('send:recipients.variableValueLabel', { index: index + 1 })}
            value={variable.value}
            onChange={(event) =>
              send({
                type: 'recipient.variable.set',
                index,
                field: 'value',
                value: event.currentTarget.value,
              })
            }
          />
          <CloseButton
            mt={28}
            aria-label={t('send:recipients.removeVariable', { index: index + 1 })}
            onClick={() => send({ type: 'recipient.variable.remove', index })}
          />
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => send({ type: 'recipient.variable.add' })}>
          {t('send:recipients.addVariable')}
        </Button>
      </Group>
    </Stack>
  );
}

function Picker({ state, send, kind }: StepProps & { kind: 'lists' | 'groups' }) {
  const { t } = useTranslation();
  const options = state.context.options[kind];
  const value = kind === 'lists' ? state.context.draft.listIds : state.context.draft.groupIds;
  const optionKey = kind === 'lists' ? 'send:recipients.listOption' : 'send:recipients.groupOption';
  if (options.length === 0)
    return (
      <Alert color="yellow">
        {t(kind === 'lists' ? 'send:recipients.noLists' : 'send:recipients.noGroups')}
      </Alert>
    );
  return (
    <MultiSelect
      label={t(`send:recipients.${kind}`)}
      searchable
      withAsterisk
      data={options.map((option) => ({
        value: option.id,
        label: t(optionKey, { name: option.name, count: option.size }),
      }))}
      value={value}
      error={errorOf(t, state.context.errors.source)}
      onChange={(ids) => send(kind === 'lists' ? { type: 'lists.set', ids } : { type: 'groups.set', ids })}
    />
  );
}

export function RecipientsStep({ state, send }: StepProps) {
  const { t } = useTranslation();
  const { source, draft, errors } = state.context;
  const importing = state.matches({ editing: { recipients: 'importing' } });
  const excel = state.children.excel as ExcelImportActorRef | undefined;
  return (
    <Stack gap="md">
      {source === 'single' ? <SingleRecipient state={state} send={send} /> : null}
      {source === 'lists' || source === 'groups' ? <Picker state={state} send={send} kind={source} /> : null}
      {source === 'excel' && importing && excel ? <ExcelImportPanel actor={excel} /> : null}
      {source === 'excel' && !importing ? (
        <Stack gap="xs" align="flex-start">
          {draft.excel ? (
            <Text>
              {t('send:recipients.fromFile', { count: draft.excel.rows.length, file: draft.excel.fileName })}
            </Text>
          ) : null}
          {errors.source ? (
            <Text c="red.9" role="alert">
              {t(errors.source)}
            </Text>
          ) : null}
          <Button variant="light" onClick={() => send({ type: 'excel.open' })}>
            {t('send:recipients.otherFile')}
          </Button>
        </Stack>
      ) : null}
      {source !== 'excel' && errors.source === 'validation.noRecipients' ? (
        <Text c="red.9" role="alert">
          {t(errors.source)}
        </Text>
      ) : null}
      <RecipientCount state={state} />
    </Stack>
  );
}
