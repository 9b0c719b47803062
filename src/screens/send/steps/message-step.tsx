import {
  Button,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALWAYS_FILLED_VARIABLES,
  PREDEFINED_VARIABLES,
  variablesUsedIn,
} from '../../../../contract/template-render.ts';
import type { TemplateEditorKind } from '../../../../contract/templates.contract.ts';
import type { WizardContext } from '../../../machines/send-wizard/types.ts';
import type { ContentEditorHandle } from '../../templates/content-editor.ts';
import { errorOf, type StepProps } from './step-props.ts';

// The templates' own editors, each its own chunk as on the templates screen.
const VisualEditor = lazy(() => import('../../templates/visual-editor.tsx'));
const HtmlEditor = lazy(() => import('../../templates/html-editor.tsx'));

/** The variables the recipients bring: the single recipient's own, or the sheet's columns. */
function recipientVariables({ source, draft }: WizardContext): string[] {
  if (source === 'single')
    return draft.recipient.variables.map((variable) => variable.name.trim()).filter(Boolean);
  if (source === 'excel') {
    const names = new Set<string>();
    for (const row of draft.excel?.rows.slice(0, 50) ?? [])
      Object.keys(row).forEach((name) => names.add(name));
    for (const own of ['email', 'name', 'attachment']) names.delete(own);
    return [...names];
  }
  return [];
}

function VariablesList({ state, send, onInsert }: StepProps & { onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  const names = [...new Set([...PREDEFINED_VARIABLES, ...recipientVariables(state.context)])];
  const { subject, html } = state.context.draft;
  // What the message uses now (a loaded template's content included), not what the last check
  // saw: the first step's count was made before there was any content.
  const used = variablesUsedIn(`${subject}\n${html}`).filter(
    (name) => !ALWAYS_FILLED_VARIABLES.includes(name),
  );
  const counted = new Map(state.context.check?.variables.map((item) => [item.name, item.missing_count]));
  return (
    <Stack gap="xs" component="section" aria-labelledby="send-variables">
      <Text fw={500} id="send-variables">
        {t('send:message.variables')}
      </Text>
      <Group gap="xs">
        {names.map((name) => (
          <Button
            key={name}
            size="compact-sm"
            variant="light"
            dir="ltr"
            aria-label={t('send:message.insert', { name })}
            // Keep the editor's cursor: the click inserts where the sender was typing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
          >
            {`{{${name}}}`}
          </Button>
        ))}
      </Group>
      <Group>
        <Button
          size="xs"
          variant="default"
          loading={state.matches({ editing: { message: 'verifying' } })}
          onClick={() => send({ type: 'message.verify' })}
        >
          {t('send:message.checkVariables')}
        </Button>
      </Group>
      <div role="status">
        <ul style={{ margin: 0 }}>
          {used.length === 0 ? <li>{t('send:message.noVariables')}</li> : null}
          {used.map((name) => {
            const missing = counted.get(name);
            return (
              <li key={name}>
                <Text span c={missing ? 'orange.9' : undefined}>
                  {missing === undefined
                    ? t('send:message.variableUnchecked', { name })
                    : missing > 0
                      ? t('send:message.variableMissing', { name, count: missing })
                      : t('send:message.variableOk', { name })}
                </Text>
              </li>
            );
          })}
        </ul>
      </div>
    </Stack>
  );
}

export function MessageStep({ state, send }: StepProps) {
  const { t } = useTranslation();
  const { draft, errors, options } = state.context;
  const content = useRef<ContentEditorHandle>(null);
  const Editor = draft.editor === 'visual' ? VisualEditor : HtmlEditor;
  const set =
    (field: 'subject' | 'fromEmail' | 'senderName' | 'replyTo' | 'campaignName' | 'html') =>
    (value: string) =>
      send({ type: 'message.set', field, value });
  return (
    <Stack gap="sm">
      <Select
        label={t('send:message.template')}
        placeholder={t('send:message.templateNone')}
        data={options.templates.map((template) => ({ value: template.id, label: template.name }))}
        value={draft.templateId}
        disabled={state.matches({ editing: { message: 'loadingTemplate' } })}
        onChange={(id) => (id ? send({ type: 'message.template', id }) : undefined)}
        searchable
      />
      <TextInput
        label={t('send:message.subject')}
        withAsterisk
        value={draft.subject}
        error={errorOf(t, errors.subject)}
        onChange={(event) => set('subject')(event.currentTarget.value)}
      />
      <TextInput
        label={t('send:message.campaignName')}
        description={t('send:message.campaignNameHint')}
        value={draft.campaignName}
        error={errorOf(t, errors.campaignName)}
        onChange={(event) => set('campaignName')(event.currentTarget.value)}
      />
      <Select
        label={t('send:message.from')}
        withAsterisk
        dir="ltr"
        data={options.senderEmails}
        value={draft.fromEmail || null}
        allowDeselect={false}
        error={
          errorOf(t, errors.fromEmail) ??
          (options.senderEmails.length ? undefined : t('send:message.noSenders'))
        }
        onChange={(value) => set('fromEmail')(value ?? '')}
      />
      <TextInput
        label={t('send:message.senderName')}
        withAsterisk
        value={draft.senderName}
        error={errorOf(t, errors.senderName)}
        onChange={(event) => set('senderName')(event.currentTarget.value)}
      />
      <TextInput
        label={t('send:message.replyTo')}
        description={t('send:message.replyToHint')}
        type="email"
        dir="ltr"
        autoComplete="email"
        value={draft.replyTo}
        error={errorOf(t, errors.replyTo)}
        onChange={(event) => set('replyTo')(event.currentTarget.value)}
      />
      <Input.Wrapper label={t('send:message.editor')}>
        <div>
          <SegmentedControl
            value={draft.editor}
            onChange={(mode) => send({ type: 'message.editor', mode: mode as TemplateEditorKind })}
            data={[
              { value: 'visual', label: t('send:message.visual') },
              { value: 'html', label: t('send:message.html') },
            ]}
          />
        </div>
      </Input.Wrapper>
      <VariablesList state={state} send={send} onInsert={(name) => content.current?.insert(`{{${name}}}`)} />
      <Input.Wrapper label={t('send:message.content')} withAsterisk error={errorOf(t, errors.html)}>
        <Suspense fallback={<Loader size="sm" />}>
          <Editor
            ref={content}
            value={draft.html}
            onChange={set('html')}
            label={t('send:message.content')}
            readOnly={false}
          />
        </Suspense>
      </Input.Wrapper>
    </Stack>
  );
}
