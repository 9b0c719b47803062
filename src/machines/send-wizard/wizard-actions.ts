import type { SendCheck } from '../../../contract/send.contract.ts';
import type { Template } from '../../../contract/templates.contract.ts';
import type { AppError } from '../../lib/app-error.ts';
import { isCheckFailure, type CheckOutcome } from './credit-check.machine.ts';
import { stepProblems, toSendRequest } from './draft.ts';
import { applyEdit, fieldOf, type EditEvent } from './edits.ts';
import {
  emptyDraft,
  type ExcelRecipients,
  type StepName,
  type WizardContext,
  type WizardInput,
  type WizardOptions,
} from './types.ts';

// The wizard machine's context changes, as pure functions: the machine file stays about states.

export function initialContext(input: WizardInput): WizardContext {
  return {
    source: input.source,
    // A draft kept by an older build lacks fields added since (replyTo): they start empty.
    draft: { ...emptyDraft(), ...input.draft },
    options: { senderEmails: [], templates: [], lists: [], groups: [] },
    check: null,
    errors: {},
    failure: null,
    repick: input.repick ?? [],
    previewIndex: 0,
    testTo: '',
    campaignId: null,
    askingLeave: false,
    attention: 0,
  };
}

export function edited(context: WizardContext, event: EditEvent): Partial<WizardContext> {
  const { [fieldOf(event)]: _fixed, ...errors } = context.errors;
  const draft = applyEdit(context.draft, event);
  // A new recipient source or set of files makes the last answer about missing files stale.
  const stale =
    event.type === 'lists.set' || event.type === 'groups.set' || event.type.startsWith('recipient.');
  return { draft, errors, ...(stale ? { check: null } : {}) };
}

export function optionsLoaded(context: WizardContext, options: WizardOptions): Partial<WizardContext> {
  const { draft } = context;
  // Lists and groups removed since the draft was kept drop out; a sole sender address is chosen.
  const known = (ids: string[], from: { id: string }[]) =>
    ids.filter((id) => from.some((option) => option.id === id));
  const fromEmail = options.senderEmails.includes(draft.fromEmail)
    ? draft.fromEmail
    : (options.senderEmails[0] ?? '');
  return {
    options,
    failure: null,
    draft: {
      ...draft,
      fromEmail,
      listIds: known(draft.listIds, options.lists),
      groupIds: known(draft.groupIds, options.groups),
    },
  };
}

export const showProblems = (context: WizardContext, step: StepName): Partial<WizardContext> => ({
  errors: stepProblems(step, context),
  attention: context.attention + 1,
});

export const hasProblems = (context: WizardContext, step: StepName) =>
  Object.keys(stepProblems(step, context)).length > 0;

export function excelDone(
  context: WizardContext,
  output: { result: ExcelRecipients | null },
): Partial<WizardContext> {
  if (!output.result) return {};
  const { source: _fixed, ...errors } = context.errors;
  return {
    draft: { ...context.draft, excel: output.result },
    errors,
    check: null,
    previewIndex: 0,
    repick: [],
  };
}

export function templateLoaded(context: WizardContext, template: Template): Partial<WizardContext> {
  const { draft } = context;
  const { html: _fixed, ...errors } = context.errors;
  return {
    errors,
    draft: {
      ...draft,
      templateId: template.id,
      html: template.content,
      editor: template.editor,
      // The template's subject fills an empty one; a subject already written is the sender's.
      subject: draft.subject.trim() ? draft.subject : template.subject,
    },
  };
}

/** The figures the next steps show, or the failure; `null` outcome fields mean "keep". */
export function checked(context: WizardContext, outcome: CheckOutcome): Partial<WizardContext> {
  if (isCheckFailure(outcome))
    return { failure: outcome.error, errors: fieldErrorsOf(outcome.error), attention: context.attention + 1 };
  return { check: outcome.check, failure: null };
}

/** The server names fields by the body's keys; the wizard shows them on its own fields. */
const fieldNames: Record<string, string> = {
  from_email: 'fromEmail',
  sender_name: 'senderName',
  reply_to: 'replyTo',
  name: 'campaignName',
  scheduled_at: 'schedule',
  missing_attachments: 'missingChoice',
};

export function fieldErrorsOf(error: AppError): WizardContext['errors'] {
  return Object.fromEntries(
    Object.entries(error.fields ?? {}).map(([field, key]) => [fieldNames[field] ?? field, key]),
  );
}

/** "Send another": everything anew, the loaded choices (addresses, lists, templates) kept. */
export function restarted(context: WizardContext): WizardContext {
  const fresh = initialContext({ source: context.source });
  return { ...fresh, ...optionsLoaded(fresh, context.options), attention: context.attention };
}

export const needsMissingChoice = (context: WizardContext, check: SendCheck) =>
  check.missing_attachments_count > 0 && context.draft.missingChoice === null;

export const checkInput =
  (early: boolean) =>
  ({ context }: { context: WizardContext }) => ({
    request: toSendRequest(context, early),
  });
