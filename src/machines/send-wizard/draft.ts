import { emailProblem, normalizeEmail } from '../../../contract/email.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { MAX_CAMPAIGN_NAME_LENGTH, type SendRequest } from '../../../contract/send.contract.ts';
import { VARIABLE_NAME_PATTERN } from '../../../contract/template-render.ts';
import type { FieldErrors, StepName, WizardContext, WizardDraft } from './types.ts';

/** "Scheduled time must be in the future" is judged against this; tests move it. */
export const clock = { now: () => Date.now() };

/** A `datetime-local` value (the sender's own time zone) as an instant, or null when not one. */
export function instantOf(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

function recipientProblems(context: WizardContext): FieldErrors {
  const { draft, source } = context;
  const errors: FieldErrors = {};
  if (source === 'single') {
    const email = draft.recipient.email.trim();
    if (!email) errors['recipient.email'] = 'send:recipients.selectUser';
    else {
      // The contract's one rule: an invisible or direction character gets its own message.
      const problem = emailProblem(normalizeEmail(email));
      if (problem) errors['recipient.email'] = problem;
    }
    draft.recipient.variables.forEach(({ name }, index) => {
      if (!VARIABLE_NAME_PATTERN.test(name.trim()))
        errors[`variables.${index}`] = 'send:recipients.variableName';
    });
  }
  if (source === 'lists' && draft.listIds.length === 0) errors.source = 'send:recipients.pickLists';
  if (source === 'groups' && draft.groupIds.length === 0) errors.source = 'send:recipients.pickGroups';
  if (source === 'excel' && !draft.excel?.rows.length) errors.source = 'send:recipients.pickFile';
  return errors;
}

function messageProblems({ draft }: WizardContext): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.subject.trim()) errors.subject = validationKeys.required;
  if (!draft.fromEmail) errors.fromEmail = validationKeys.required;
  if (!draft.senderName.trim()) errors.senderName = validationKeys.required;
  const replyTo = draft.replyTo.trim();
  const replyToProblem = replyTo ? emailProblem(normalizeEmail(replyTo)) : null;
  if (replyToProblem) errors.replyTo = replyToProblem;
  if (draft.campaignName.trim().length > MAX_CAMPAIGN_NAME_LENGTH)
    errors.campaignName = validationKeys.tooLong;
  // An image-only message is content too.
  if (!visible(draft.html) && !/<img\b/i.test(draft.html)) errors.html = validationKeys.required;
  return errors;
}

function attachmentProblems({ draft, check }: WizardContext): FieldErrors {
  if (draft.uploads.some((item) => item.status === 'uploading'))
    return { uploads: 'send:attachments.stillUploading' };
  if (draft.uploads.some((item) => item.status === 'failed'))
    return { uploads: 'send:attachments.failedUploads' };
  if ((check?.missing_attachments_count ?? 0) > 0 && draft.missingChoice === null)
    return { missingChoice: 'send:attachments.chooseMissing' };
  return {};
}

function surveyProblems({ draft: { survey } }: WizardContext): FieldErrors {
  const errors: FieldErrors = {};
  if (survey.type === 'yes_no' && !survey.question.trim()) errors.question = validationKeys.required;
  if (survey.type === 'custom') {
    if (survey.questions.length === 0) errors.survey = 'send:survey.atLeastOne';
    survey.questions.forEach((question, index) => {
      if (!question.trim()) errors[`questions.${index}`] = validationKeys.required;
    });
  }
  return errors;
}

export function scheduleProblems({ draft: { schedule } }: Pick<WizardContext, 'draft'>): FieldErrors {
  if (schedule.mode === 'now') return {};
  const at = instantOf(schedule.at);
  if (!at) return { schedule: validationKeys.required };
  return at.getTime() <= clock.now() ? { schedule: validationKeys.scheduledInPast } : {};
}

const byStep: Record<StepName, (context: WizardContext) => FieldErrors> = {
  recipients: recipientProblems,
  message: messageProblems,
  attachments: attachmentProblems,
  survey: surveyProblems,
  schedule: scheduleProblems,
  review: () => ({}),
};

export const stepProblems = (step: StepName, context: WizardContext) => byStep[step](context);

/** Unique addresses the browser already knows of (one recipient, a sheet); null for lists and groups. */
export function localRecipientCount({
  source,
  draft,
}: Pick<WizardContext, 'source' | 'draft'>): number | null {
  if (source === 'single') return draft.recipient.email.trim() ? 1 : 0;
  if (source === 'excel')
    return new Set((draft.excel?.rows ?? []).map((row) => normalizeEmail(row.email).toLowerCase())).size;
  return null;
}

function sourceOf({ source, draft }: WizardContext): SendRequest['source'] {
  switch (source) {
    case 'single':
      return {
        type: 'single',
        recipient: {
          email: draft.recipient.email.trim(),
          name: draft.recipient.name.trim(),
          variables: Object.fromEntries(
            draft.recipient.variables.map(({ name, value }) => [name.trim(), value]),
          ),
        },
      };
    case 'lists':
      return { type: 'lists', ids: draft.listIds };
    case 'groups':
      return { type: 'groups', ids: draft.groupIds };
    case 'excel':
      return { type: 'rows', rows: draft.excel?.rows ?? [] };
  }
}

const uploadOf = (draft: WizardDraft, kind: 'attachment' | 'image') =>
  draft.uploads.find((item) => item.kind === kind && item.upload)?.upload?.id ?? null;

/**
 * The send body (contract/send.contract.ts) from the draft, without `language` (the wiring adds
 * the interface language). `early` is for counting recipients on the first step, before the
 * message is written: the check endpoint wants a whole body, and the count does not depend on
 * the subject or content, so placeholders stand in for what is still empty.
 */
export function toSendRequest(context: WizardContext, early = false): Omit<SendRequest, 'language'> {
  const { draft } = context;
  const fallback = (value: string, placeholder: string) => (early && !value.trim() ? placeholder : value);
  const { survey, schedule } = draft;
  const at = schedule.mode === 'later' ? instantOf(schedule.at) : null;
  return {
    subject: fallback(draft.subject, '-'),
    html: fallback(draft.html, '-'),
    from_email: fallback(draft.fromEmail, context.options.senderEmails[0] ?? ''),
    sender_name: fallback(draft.senderName, '-'),
    reply_to: draft.replyTo.trim() || null,
    name: draft.campaignName.trim() || null,
    source: sourceOf(context),
    attachments: {
      zips: draft.uploads.flatMap((item) => (item.kind === 'zip' && item.upload ? [item.upload.id] : [])),
      attachment: uploadOf(draft, 'attachment'),
      image: uploadOf(draft, 'image'),
    },
    survey:
      survey.type === 'none'
        ? null
        : survey.type === 'yes_no'
          ? { type: 'yes_no', question: survey.question }
          : { type: 'custom', questions: survey.questions },
    scheduled_at: at ? at.toISOString() : null,
    ...(draft.missingChoice ? { missing_attachments: draft.missingChoice } : {}),
    track_clicks: draft.trackClicks,
  };
}

/** Whether leaving would lose something the sender entered (asks before leaving). */
export function isFilled(draft: WizardDraft): boolean {
  return (
    draft.recipient.email.trim() !== '' ||
    draft.listIds.length > 0 ||
    draft.groupIds.length > 0 ||
    draft.excel !== null ||
    draft.subject.trim() !== '' ||
    visible(draft.html) !== '' ||
    draft.uploads.length > 0 ||
    draft.survey.type !== 'none'
  );
}

/** The review's test-send field as addresses: split on commas, semicolons and spaces, at most 5. */
export function testAddresses(text: string): string[] {
  return text
    .split(/[\s,;،]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 5);
}
