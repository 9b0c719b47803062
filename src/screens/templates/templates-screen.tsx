import { Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import ar from '../../i18n/locales/ar/templates.json';
import en from '../../i18n/locales/en/templates.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { TemplateEditorPanel } from './template-editor-panel.tsx';
import { TemplatesList } from './templates-list.tsx';

/** `?template=new` or `?template=<id>` opens the editor, so a reload or a link reopens it. */
export const TEMPLATE_PARAM = 'template';

/** /dashboard/services/templates: the sender's templates and the editor (issue 8). */
export default function TemplatesScreen() {
  const { t } = useNamespace('templates', { ar, en });
  const [params, setParams] = useSearchParams();
  const open = params.get(TEMPLATE_PARAM);
  const openTemplate = useCallback(
    (id: string, replace = false) => setParams({ [TEMPLATE_PARAM]: id }, { replace }),
    [setParams],
  );
  const [createdId, setCreatedId] = useState<string | null>(null);
  const onCreated = useCallback(
    (id: string) => {
      setCreatedId(id);
      openTemplate(id, true);
    },
    [openTemplate],
  );
  const onLeft = useCallback(() => setParams({}), [setParams]);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('templates:title')}</Title>
      {open ? (
        // A new template keeps its editor when it gets an id; another template gets a fresh one.
        <TemplateEditorPanel
          key={open === 'new' || open === createdId ? 'new' : open}
          templateId={open === 'new' ? null : open}
          onLeft={onLeft}
          onCreated={onCreated}
        />
      ) : (
        <TemplatesList onOpen={openTemplate} onNew={() => openTemplate('new')} />
      )}
    </Stack>
  );
}
