import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateEditorKind } from '../../../contract/templates.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { provideTemplateEditor } from '../../app/wiring/templates.wiring.ts';
import { selectUser } from '../../machines/auth.machine.ts';
import type { ContentEditorHandle } from './content-editor.ts';
import { LeaveGuard } from './leave-guard.tsx';
import { TemplatePreview } from './template-preview.tsx';
import { VariablesPanel } from './variables-panel.tsx';

// Each editor is its own chunk: tiptap and CodeMirror load only when a template is opened.
const VisualEditor = lazy(() => import('./visual-editor.tsx'));
const HtmlEditor = lazy(() => import('./html-editor.tsx'));

interface TemplateEditorPanelProps {
  templateId: string | null;
  /** Back to the list (after leaving, confirmed when there were unsaved changes). */
  onLeft: () => void;
  /** A new template got its id: the address follows, so a reload reopens it. */
  onCreated: (id: string) => void;
}

/** Writes one template: name, subject, variables and the content in either editor. */
export function TemplateEditorPanel({ templateId, onLeft, onCreated }: TemplateEditorPanelProps) {
  const { t } = useTranslation('templates');
  const { call, notify, auth } = useAppServices();
  const user = useSelector(auth, selectUser);
  const leftRef = useRef(onLeft);
  useEffect(() => {
    leftRef.current = onLeft;
  }, [onLeft]);
  const leaving = useRef(false);
  const blocked = useRef(false);
  const [machine] = useState(() =>
    provideTemplateEditor({
      call,
      notify,
      leave: () => {
        leaving.current = true;
        // A navigation held by the leave guard goes on by itself; otherwise back to the list.
        if (!blocked.current) leftRef.current();
      },
    }),
  );
  const editor = useActorRef(machine, { input: { templateId } });
  const snapshot = useSelector(editor, (state) => state);
  const contentRef = useRef<ContentEditorHandle>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  const { draft, fieldErrors, dirty, undeclared, owner, loadErrorKey } = snapshot.context;
  const createdId = snapshot.context.templateId;
  useEffect(() => {
    if (templateId === null && createdId !== null) onCreated(createdId);
  }, [templateId, createdId, onCreated]);

  if (snapshot.matches('loading') || snapshot.matches('starting')) {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading', { ns: 'common' })}>
        <Loader />
      </Center>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <Alert color="red" role="alert" title={t('templates:editor.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          {t(loadErrorKey ?? 'errors.unexpected', { ns: 'common' })}
          <Group>
            <Button size="xs" onClick={() => editor.send({ type: 'template.retry' })}>
              {t('common.retry', { ns: 'common' })}
            </Button>
            <Button size="xs" variant="default" onClick={() => editor.send({ type: 'template.leave' })}>
              {t('templates:editor.back')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const readOnly = owner !== null && user !== null && owner.id !== user.id;
  const saving = snapshot.matches('saving');
  const error = (key: string | undefined) => (key ? t(key, { ns: 'common' }) : undefined);
  const edit = (field: 'name' | 'subject' | 'content') => (value: string) =>
    editor.send({ type: 'template.edit', field, value });
  const contentError =
    fieldErrors.content === 'validation.undeclaredVariable' && undeclared.length > 0
      ? `${error(fieldErrors.content)} ${t('templates:editor.undeclared', { names: undeclared.join(', ') })}`
      : error(fieldErrors.content);
  const ContentEditor = draft.editor === 'visual' ? VisualEditor : HtmlEditor;

  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(event) => (event.preventDefault(), editor.send({ type: 'template.save' }))}
    >
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t(createdId ? 'editor.editHeading' : 'editor.newHeading')}</Title>
          {dirty ? <Badge color="red.9">{t('templates:editor.unsaved')}</Badge> : null}
        </Group>
        <Button variant="default" onClick={() => editor.send({ type: 'template.leave' })}>
          {t('templates:editor.back')}
        </Button>
      </Group>
      {readOnly ? (
        <Alert color="blue">{t('templates:editor.readOnly', { owner: owner?.username })}</Alert>
      ) : null}
      <TextInput
        label={t('templates:editor.name')}
        value={draft.name}
        readOnly={readOnly}
        error={error(fieldErrors.name)}
        onChange={(event) => edit('name')(event.currentTarget.value)}
      />
      <TextInput
        label={t('templates:editor.subject')}
        value={draft.subject}
        readOnly={readOnly}
        error={error(fieldErrors.subject)}
        onChange={(event) => edit('subject')(event.currentTarget.value)}
      />
      <VariablesPanel
        custom={draft.variables}
        errorKey={fieldErrors.variable ?? fieldErrors.variables}
        readOnly={readOnly}
        onInsert={(name) => contentRef.current?.insert(`{{${name}}}`)}
        onAdd={(name) => editor.send({ type: 'variable.add', name })}
        onRemove={(name) => editor.send({ type: 'variable.remove', name })}
      />
      <Input.Wrapper label={t('templates:editor.mode')}>
        <div>
          <SegmentedControl
            value={draft.editor}
            onChange={(mode) => editor.send({ type: 'template.mode', mode: mode as TemplateEditorKind })}
            data={[
              { value: 'visual', label: t('templates:editor.visual') },
              { value: 'html', label: t('templates:editor.html') },
            ]}
          />
        </div>
      </Input.Wrapper>
      <Input.Wrapper label={t('templates:editor.content')} error={contentError}>
        <Suspense fallback={<Loader size="sm" />}>
          <ContentEditor
            ref={contentRef}
            value={draft.content}
            onChange={edit('content')}
            label={t('templates:editor.content')}
            readOnly={readOnly}
          />
        </Suspense>
      </Input.Wrapper>
      <Group>
        {readOnly ? null : (
          <Button type="submit" loading={saving}>
            {t('templates:editor.save')}
          </Button>
        )}
        <Button variant="light" onClick={() => setPreviewOpen(true)}>
          {t('templates:editor.preview')}
        </Button>
      </Group>
      <TemplatePreview draft={draft} opened={previewOpen} onClose={() => setPreviewOpen(false)} />
      <LeaveGuard editor={editor} leaving={leaving} blocked={blocked} />
    </Stack>
  );
}
