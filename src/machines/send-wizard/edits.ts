import type { TemplateEditorKind } from '../../../contract/templates.contract.ts';
import type { ScheduleDraft, SurveyDraft, WizardDraft } from './types.ts';

/**
 * Every event that only changes what the sender typed or chose. The machine handles them all
 * with one action (`applyEdit`), so its states stay about the flow and this file about the data.
 */
export type EditEvent =
  | { type: 'recipient.set'; field: 'email' | 'name'; value: string }
  | { type: 'recipient.variable.add' }
  | { type: 'recipient.variable.set'; index: number; field: 'name' | 'value'; value: string }
  | { type: 'recipient.variable.remove'; index: number }
  | { type: 'lists.set'; ids: string[] }
  | { type: 'groups.set'; ids: string[] }
  | {
      type: 'message.set';
      field: 'subject' | 'fromEmail' | 'senderName' | 'replyTo' | 'campaignName' | 'html';
      value: string;
    }
  | { type: 'message.editor'; mode: TemplateEditorKind }
  | { type: 'attachments.choice'; value: 'skip' | 'send_without' }
  | { type: 'survey.type'; value: SurveyDraft['type'] }
  | { type: 'survey.question'; value: string }
  | { type: 'survey.custom.add' }
  | { type: 'survey.custom.set'; index: number; value: string }
  | { type: 'survey.custom.remove'; index: number }
  | { type: 'survey.custom.move'; index: number; by: -1 | 1 }
  | { type: 'schedule.mode'; value: ScheduleDraft['mode'] }
  | { type: 'schedule.at'; value: string }
  | { type: 'options.trackClicks'; value: boolean };

export const editEventTypes = [
  'recipient.set',
  'recipient.variable.add',
  'recipient.variable.set',
  'recipient.variable.remove',
  'lists.set',
  'groups.set',
  'message.set',
  'message.editor',
  'attachments.choice',
  'survey.type',
  'survey.question',
  'survey.custom.add',
  'survey.custom.set',
  'survey.custom.remove',
  'survey.custom.move',
  'schedule.mode',
  'schedule.at',
  'options.trackClicks',
] as const satisfies ReadonlyArray<EditEvent['type']>;

/** The form field an edit fixes: its error goes away as soon as the sender changes it. */
export function fieldOf(event: EditEvent): string {
  switch (event.type) {
    case 'recipient.set':
      return `recipient.${event.field}`;
    case 'message.set':
      return event.field;
    case 'lists.set':
    case 'groups.set':
      return 'source';
    case 'survey.custom.set':
      return `questions.${event.index}`;
    case 'schedule.at':
    case 'schedule.mode':
      return 'schedule';
    case 'attachments.choice':
      return 'missingChoice';
    default:
      return event.type.startsWith('survey') ? 'survey' : event.type;
  }
}

function surveyOf(type: SurveyDraft['type'], current: SurveyDraft): SurveyDraft {
  if (type === current.type) return current;
  if (type === 'yes_no') return { type, question: '' };
  // A custom survey starts with one empty question: there is always something to fill in.
  if (type === 'custom') return { type, questions: [''] };
  return { type: 'none' };
}

function moved<T>(items: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function withQuestions(draft: WizardDraft, change: (questions: string[]) => string[]): WizardDraft {
  if (draft.survey.type !== 'custom') return draft;
  return { ...draft, survey: { type: 'custom', questions: change(draft.survey.questions) } };
}

export function applyEdit(draft: WizardDraft, event: EditEvent): WizardDraft {
  const { recipient } = draft;
  switch (event.type) {
    case 'recipient.set':
      return { ...draft, recipient: { ...recipient, [event.field]: event.value } };
    case 'recipient.variable.add':
      return {
        ...draft,
        recipient: { ...recipient, variables: [...recipient.variables, { name: '', value: '' }] },
      };
    case 'recipient.variable.set':
      return {
        ...draft,
        recipient: {
          ...recipient,
          variables: recipient.variables.map((variable, index) =>
            index === event.index ? { ...variable, [event.field]: event.value } : variable,
          ),
        },
      };
    case 'recipient.variable.remove':
      return {
        ...draft,
        recipient: {
          ...recipient,
          variables: recipient.variables.filter((_, index) => index !== event.index),
        },
      };
    case 'lists.set':
      return { ...draft, listIds: [...new Set(event.ids)] };
    case 'groups.set':
      return { ...draft, groupIds: [...new Set(event.ids)] };
    case 'message.set':
      return { ...draft, [event.field]: event.value };
    case 'message.editor':
      // Both editors work on the same HTML: switching never changes the content.
      return { ...draft, editor: event.mode };
    case 'attachments.choice':
      return { ...draft, missingChoice: event.value };
    case 'survey.type':
      return { ...draft, survey: surveyOf(event.value, draft.survey) };
    case 'survey.question':
      return draft.survey.type === 'yes_no'
        ? { ...draft, survey: { type: 'yes_no', question: event.value } }
        : draft;
    case 'survey.custom.add':
      return withQuestions(draft, (questions) => [...questions, '']);
    case 'survey.custom.set':
      return withQuestions(draft, (questions) =>
        questions.map((question, index) => (index === event.index ? event.value : question)),
      );
    case 'survey.custom.remove':
      return withQuestions(draft, (questions) => questions.filter((_, index) => index !== event.index));
    case 'survey.custom.move':
      return withQuestions(draft, (questions) => moved(questions, event.index, event.by));
    case 'schedule.mode':
      return {
        ...draft,
        schedule: event.value === 'now' ? { mode: 'now' } : { mode: 'later', at: scheduledAtOf(draft) },
      };
    case 'schedule.at':
      return { ...draft, schedule: { mode: 'later', at: event.value } };
    case 'options.trackClicks':
      return { ...draft, trackClicks: event.value };
  }
}

const scheduledAtOf = (draft: WizardDraft) => (draft.schedule.mode === 'later' ? draft.schedule.at : '');
