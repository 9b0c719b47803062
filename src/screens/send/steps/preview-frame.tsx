import { Select, Stack, Text } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { surveyHtml, type SurveyChoice } from '../../../../contract/survey-block.ts';
import { compileEmail, renderEmail, type RecipientValues } from '../../../../contract/template-render.ts';
import { bodyDirection } from '../../../../contract/text-direction.ts';
import type { WizardContext } from '../../../machines/send-wizard/types.ts';
import type { StepProps } from './step-props.ts';

/** Offered in the preview's picker: enough to find someone, never a 100k-item menu. */
const MAX_CHOICES = 100;
const FIELDS = ['organization', 'job_title', 'phone', 'country'] as const;

/**
 * The recipients to preview for, as the renderer reads them: the one recipient or a sheet's rows,
 * which the browser holds; for lists and groups, the first ones the server's check resolved.
 */
export function previewRecipients({ source, draft, check }: WizardContext): RecipientValues[] {
  if (source === 'single') {
    const { email, name, variables } = draft.recipient;
    return [
      {
        email,
        name,
        extra: variables.map((variable) => ({ name: variable.name.trim(), value: variable.value })),
      },
    ];
  }
  if (source === 'excel') {
    return (draft.excel?.rows ?? [])
      .slice(0, MAX_CHOICES)
      .map(({ email, name, attachment: _file, ...rest }) => {
        const values: RecipientValues = { email, name };
        for (const field of FIELDS) if (rest[field]) values[field] = rest[field];
        values.extra = Object.entries(rest)
          .filter(([key]) => !(FIELDS as readonly string[]).includes(key))
          .map(([key, value]) => ({ name: key, value }));
        return values;
      });
  }
  return check?.sample ?? [];
}

/** The wizard's survey as the send sends it (contract/send.contract.ts), or none. */
function surveyChoiceOf(survey: WizardContext['draft']['survey']): SurveyChoice | null {
  if (survey.type === 'none') return null;
  return survey.type === 'yes_no'
    ? { type: 'yes_no', question: survey.question }
    : { type: 'custom', questions: survey.questions };
}

/**
 * The message as the chosen recipient gets it, with the survey appended as it will be. Sanitised like the template preview and shown in
 * an iframe sandboxed without allow-scripts or allow-same-origin: nothing in it can run or reach
 * the dashboard. A made-up recipient stands in only while there is none to show.
 */
export function PreviewFrame({ state, send }: StepProps) {
  const { t, i18n } = useTranslation();
  const { context } = state;
  const choices = previewRecipients(context);
  const sample: RecipientValues = { email: 'sara@example.com', name: t('send:review.sample') };
  const recipient = choices[context.previewIndex] ?? choices[0] ?? sample;
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const { subject, html, survey } = context.draft;
  const rendered = useMemo(() => {
    const result = renderEmail(compileEmail({ subject, html }), recipient, { language, now: new Date() });
    // The survey the send appends, drawn by the sending engine's own code; its links lead nowhere
    // here (the recipient's links exist only once the message does).
    const appended = surveyHtml(
      surveyChoiceOf(survey),
      { yes: '#', no: '#', survey: '#' },
      (key) => t(`mail:campaign.survey.${key}`, { lng: language }),
      language === 'ar' ? 'rtl' : 'ltr',
    );
    const body = DOMPurify.sanitize(result.html + appended, { FORBID_TAGS: ['form', 'input', 'button'] });
    // The direction the sending engine gives the body: its first letter's, else the language's.
    const { dir, lang } = bodyDirection(result.text, language);
    return {
      subject: result.subject,
      document: `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"></head><body dir="${dir}" lang="${lang}">${body}</body></html>`,
    };
  }, [subject, html, survey, recipient, language, t]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="send-preview">
      <Text fw={500} id="send-preview">
        {t('send:review.preview')}
      </Text>
      {choices.length > 1 ? (
        <Select
          label={t('send:review.previewFor')}
          dir="ltr"
          allowDeselect={false}
          data={choices.map((choice, index) => ({ value: String(index), label: choice.email }))}
          value={String(context.previewIndex)}
          onChange={(value) => send({ type: 'preview.recipient', index: Number(value ?? 0) })}
        />
      ) : (
        <Text size="sm" dir="auto">
          {`${t('send:review.previewFor')}: ${choices.length > 0 ? recipient.email : t('send:review.sample')}`}
        </Text>
      )}
      <Text dir="auto">
        <b>{t('send:review.subject')}:</b> {rendered.subject}
      </Text>
      <iframe
        title={t('send:review.frame')}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={rendered.document}
        style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-default-border)' }}
      />
    </Stack>
  );
}
