import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  createTemplateSchema,
  undeclaredProblem,
  variableNameProblem,
  type CreateTemplateRequest,
  type Template,
  type TemplateEditorKind,
} from '../../contract/templates.contract.ts';
import { toAppError } from '../lib/app-error.ts';
import { notProvided, type Notice } from './notify.ts';

export type TemplateField = 'name' | 'subject' | 'content';
/** Where a problem is shown: a field, the variables list, or the "add variable" input. */
export type ProblemField = TemplateField | 'variables' | 'variable' | 'editor';

export interface TemplateDraft {
  name: string;
  subject: string;
  content: string;
  editor: TemplateEditorKind;
  variables: string[];
}

export interface TemplateEditorContext {
  templateId: string | null;
  draft: TemplateDraft;
  /** The draft as last loaded or saved: `dirty` is "the draft differs from it". */
  saved: TemplateDraft;
  dirty: boolean;
  fieldErrors: Partial<Record<ProblemField, string>>;
  /** Names behind a content "undeclared variable" problem, shown in its message. */
  undeclared: string[];
  loadErrorKey: string | null;
  /** Who owns the loaded template: an administrator reading a sender's may not change it. */
  owner: { id: string; username: string } | null;
}

export type TemplateEditorEvent =
  | { type: 'template.edit'; field: TemplateField; value: string }
  | { type: 'template.mode'; mode: TemplateEditorKind }
  | { type: 'variable.add'; name: string }
  | { type: 'variable.remove'; name: string }
  | { type: 'template.save' }
  | { type: 'template.leave' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'template.retry' };

export type SaveTemplateInput = { id: string | null; draft: CreateTemplateRequest };

export const EMPTY_DRAFT: TemplateDraft = {
  name: '',
  subject: '',
  content: '',
  editor: 'visual',
  variables: [],
};

const sameDraft = (a: TemplateDraft, b: TemplateDraft) =>
  a.name === b.name &&
  a.subject === b.subject &&
  a.content === b.content &&
  a.editor === b.editor &&
  a.variables.join('\n') === b.variables.join('\n');

function draftOf(template: Template): TemplateDraft {
  const { name, subject, content, editor, variables } = template;
  return { name, subject, content, editor, variables };
}

/** The contract's own rules, so the editor says what the server would (one schema, spec §5). */
export function problemsOf(draft: TemplateDraft): Pick<TemplateEditorContext, 'fieldErrors' | 'undeclared'> {
  const fieldErrors: TemplateEditorContext['fieldErrors'] = {};
  const parsed = createTemplateSchema.safeParse(draft);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? 'content') as ProblemField;
    fieldErrors[field] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return { fieldErrors, undeclared: undeclaredProblem(draft)?.names ?? [] };
}

const withDraft = (context: TemplateEditorContext, draft: TemplateDraft) => ({
  draft,
  dirty: !sameDraft(draft, context.saved),
});

/**
 * One template being written (issue 8): visual or HTML mode on the same content, custom
 * variables, the rules checked before saving, and a question before leaving unsaved changes.
 */
export const templateEditorMachine = setup({
  types: {
    context: {} as TemplateEditorContext,
    events: {} as TemplateEditorEvent,
    input: {} as { templateId: string | null },
    tags: {} as 'busy',
  },
  actors: {
    loadTemplate: fromPromise<Template, { id: string }>(async () => notProvided('loadTemplate')),
    saveTemplate: fromPromise<Template, SaveTemplateInput>(async () => notProvided('saveTemplate')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The screen closes the editor (back to the list) when this runs. */
    leave: () => {},
    adopt: assign((_, template: Template) => {
      const draft = draftOf(template);
      return {
        templateId: template.id,
        owner: { id: template.owner_id, username: template.owner_username },
        draft,
        saved: draft,
        dirty: false,
        fieldErrors: {},
        undeclared: [],
      };
    }),
    showProblems: assign(({ context }) => problemsOf(context.draft)),
    storeSaveFailure: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { fieldErrors: (error.fields ?? {}) as TemplateEditorContext['fieldErrors'], undeclared: [] };
    }),
  },
  guards: {
    isNew: ({ context }) => context.templateId === null,
    isValid: ({ context }) => Object.keys(problemsOf(context.draft).fieldErrors).length === 0,
    isDirty: ({ context }) => context.dirty,
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({
    templateId: input.templateId,
    draft: EMPTY_DRAFT,
    saved: EMPTY_DRAFT,
    dirty: false,
    fieldErrors: {},
    undeclared: [],
    loadErrorKey: null,
    owner: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ id: context.templateId ?? '' }),
        onDone: { target: 'editing', actions: { type: 'adopt', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: assign({ loadErrorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    loadFailed: {
      on: { 'template.retry': { target: 'loading', actions: assign({ loadErrorKey: null }) } },
    },
    editing: {
      on: {
        'template.edit': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
            return { ...withDraft(context, { ...context.draft, [event.field]: event.value }), fieldErrors };
          }),
        },
        // Both modes edit the same HTML: switching changes how it is edited, never the content.
        'template.mode': {
          actions: assign(({ context, event }) =>
            withDraft(context, { ...context.draft, editor: event.mode }),
          ),
        },
        'variable.add': [
          {
            guard: ({ context, event }) =>
              variableNameProblem(event.name, context.draft.variables) === undefined,
            actions: assign(({ context, event }) => {
              const { variable: _fixed, variables: _alsoFixed, ...fieldErrors } = context.fieldErrors;
              const variables = [...context.draft.variables, event.name.trim()];
              return { ...withDraft(context, { ...context.draft, variables }), fieldErrors };
            }),
          },
          {
            actions: assign(({ context, event }) => ({
              fieldErrors: {
                ...context.fieldErrors,
                variable: variableNameProblem(event.name, context.draft.variables),
              },
            })),
          },
        ],
        'variable.remove': {
          actions: assign(({ context, event }) => {
            const variables = context.draft.variables.filter((name) => name !== event.name);
            return withDraft(context, { ...context.draft, variables });
          }),
        },
        'template.save': [
          { guard: 'isValid', target: 'saving', actions: assign({ fieldErrors: {}, undeclared: [] }) },
          { actions: 'showProblems' },
        ],
        'template.leave': [{ guard: 'isDirty', target: 'confirmingLeave' }, { target: 'left' }],
      },
    },
    confirmingLeave: {
      on: { 'leave.confirm': 'left', 'leave.cancel': 'editing' },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }) => ({ id: context.templateId, draft: context.draft }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'adopt', params: ({ event }) => event.output },
            { type: 'notify', params: { kind: 'success', key: 'templates:saved' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'storeSaveFailure', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', key: toAppError(event.error).code }),
            },
          ],
        },
      },
    },
    left: { type: 'final', entry: 'leave' },
  },
});

export type TemplateEditorActorRef = ActorRefFrom<typeof templateEditorMachine>;
