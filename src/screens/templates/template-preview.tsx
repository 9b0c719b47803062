import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compileEmail, renderEmail, type RenderLanguage } from '../../../contract/template-render.ts';
import type { TemplateDraft } from '../../machines/template-editor.machine.ts';

type Direction = 'rtl' | 'ltr';
const languageOf: Record<Direction, RenderLanguage> = { rtl: 'ar', ltr: 'en' };

/**
 * The template as a sample recipient would get it. An administrator may open a sender's
 * template, so its HTML is sanitised (no scripts, handlers or `javascript:` URLs) and shown in
 * an iframe sandboxed without `allow-scripts` or `allow-same-origin`: even markup the sanitiser
 * missed could neither run nor reach the dashboard.
 */
export function TemplatePreview({
  draft,
  opened,
  onClose,
}: {
  draft: TemplateDraft;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('templates');
  const [direction, setDirection] = useState<Direction>(i18n.dir() === 'rtl' ? 'rtl' : 'ltr');
  const sample = useMemo(
    () => ({
      email: 'sara@example.com',
      name: t('templates:sample.name'),
      organization: t('templates:sample.company'),
      // Custom variables show their own name, so the sender sees where each value goes.
      extra: draft.variables.map((name) => ({ name, value: `[${name}]` })),
    }),
    [t, draft.variables],
  );
  const rendered = useMemo(() => {
    if (!opened) return null;
    const email = compileEmail({ subject: draft.subject, html: draft.content });
    const language = languageOf[direction];
    const result = renderEmail(email, sample, { language, now: new Date() });
    const body = DOMPurify.sanitize(result.html, { FORBID_TAGS: ['form', 'input', 'button'] });
    const document = `<!doctype html><html lang="${language}" dir="${direction}"><head><meta charset="utf-8"></head><body>${body}</body></html>`;
    return { subject: result.subject, document };
  }, [opened, draft.subject, draft.content, direction, sample]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('templates:preview.heading')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('templates:preview.close') }}
    >
      <Stack gap="sm">
        <SegmentedControl
          value={direction}
          onChange={(value) => setDirection(value as Direction)}
          data={[
            { value: 'rtl', label: t('templates:preview.rtl') },
            { value: 'ltr', label: t('templates:preview.ltr') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('templates:preview.sample', { name: sample.name, email: sample.email })}
        </Text>
        {rendered?.subject ? (
          <Text dir={direction}>
            <b>{t('templates:preview.subject')}:</b> {rendered.subject}
          </Text>
        ) : null}
        {rendered ? (
          <iframe
            title={t('templates:preview.frame')}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={rendered.document}
            style={{ width: '100%', minHeight: 360, border: '1px solid var(--mantine-color-default-border)' }}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
