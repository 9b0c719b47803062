import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';
import {
  PREDEFINED_VARIABLES,
  VARIABLE_NAME_PATTERN,
  undeclaredVariables,
  visibleTextLength,
} from './template-render.ts';

/**
 * E-mail templates (spec §3 Template, §5, §7 `email_forms/`). The same rules run in the editor
 * before saving and on the server when saving, so a message the sender sees is the one the
 * server would answer.
 */
export const TEMPLATE_EDITORS = ['visual', 'html'] as const;
export type TemplateEditorKind = (typeof TEMPLATE_EDITORS)[number];

/** Spec §5 "Content is too short": fewer visible characters than this. */
export const MIN_VISIBLE_CHARACTERS = 10;
/** Far above any real e-mail body; keeps one template from filling the database or a request. */
export const MAX_CONTENT_LENGTH = 500_000;
export const MAX_VARIABLES = 50;
export const MAX_VARIABLE_NAME_LENGTH = 64;

export const templateKeys = {
  contentRequired: 'validation.contentRequired',
  contentTooShort: 'validation.contentTooShort',
  variableRequired: 'validation.variableRequired',
  variableEnglish: 'validation.variableEnglish',
  variableDuplicate: 'validation.variableDuplicate',
  variablePredefined: 'validation.variablePredefined',
  undeclaredVariable: 'validation.undeclaredVariable',
} as const;

/** "Please enter a variable name!" / "Variable must be in English only!". */
export const variableNameSchema = z
  .string()
  .trim()
  .min(1, templateKeys.variableRequired)
  .max(MAX_VARIABLE_NAME_LENGTH, validationKeys.tooLong)
  .regex(VARIABLE_NAME_PATTERN, templateKeys.variableEnglish)
  .refine((name) => !(PREDEFINED_VARIABLES as readonly string[]).includes(name), {
    message: templateKeys.variablePredefined,
  });

/** The problem with a custom variable a sender is adding next to `declared`, if any. */
export function variableNameProblem(name: string, declared: readonly string[]): string | undefined {
  const parsed = variableNameSchema.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  return declared.includes(parsed.data) ? templateKeys.variableDuplicate : undefined;
}

/** "Content is required" / "Content is too short", counted on what a reader sees. */
export function contentProblem(content: string): string | undefined {
  if (content.length > MAX_CONTENT_LENGTH) return validationKeys.tooLong;
  const visible = visibleTextLength(content);
  if (visible === 0) return templateKeys.contentRequired;
  if (visible < MIN_VISIBLE_CHARACTERS) return templateKeys.contentTooShort;
  return undefined;
}

export const templateContentSchema = z.string().superRefine((content, ctx) => {
  const problem = contentProblem(content);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const variablesSchema = z
  .array(variableNameSchema)
  .max(MAX_VARIABLES, validationKeys.tooLong)
  .refine((names) => new Set(names).size === names.length, { message: templateKeys.variableDuplicate });

const templateFields = {
  name: z.string().trim().min(1, validationKeys.required).max(120, validationKeys.tooLong),
  /** Optional: the send form may give its own. One header line. */
  subject: z
    .string()
    .trim()
    .max(300, validationKeys.tooLong)
    .refine((subject) => !/[\r\n]/.test(subject), { message: validationKeys.invalid }),
  content: templateContentSchema,
  editor: z.enum(TEMPLATE_EDITORS),
  variables: variablesSchema,
};

/**
 * Field problems of a whole template: the content rules plus variables used in the subject or
 * content but not declared (reported at save time, spec/issue 8). Both sides call this.
 */
export function undeclaredProblem(template: {
  subject?: string | undefined;
  content: string;
  variables: readonly string[];
}): { field: 'content'; key: string; names: string[] } | undefined {
  const names = undeclaredVariables(`${template.subject ?? ''} ${template.content}`, template.variables);
  return names.length ? { field: 'content', key: templateKeys.undeclaredVariable, names } : undefined;
}

export const createTemplateSchema = z
  .object({
    ...templateFields,
    subject: templateFields.subject.default(''),
    variables: variablesSchema.default([]),
  })
  .superRefine((body, ctx) => {
    const problem = undeclaredProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
  });
export type CreateTemplateRequest = z.input<typeof createTemplateSchema>;

/** Any subset; the server checks undeclared variables against the merged template. */
export const updateTemplateSchema = z
  .object(templateFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });
export type UpdateTemplateRequest = z.input<typeof updateTemplateSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  editor: z.enum(TEMPLATE_EDITORS),
  variables: z.array(z.string()),
  owner_id: z.string(),
  /** Shown to administrators, who see every sender's templates. */
  owner_username: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** The list omits the content: a page of 200 large templates would be megabytes. */
export const templateSummarySchema = templateSchema.omit({ content: true });
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateListQuerySchema = listQuerySchema(['name', 'created_at', 'updated_at']);

export const templateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/email_forms/',
    access: 'user',
    query: templateListQuerySchema,
    status: 200,
    response: pageSchema(templateSummarySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/email_forms/',
    access: 'user',
    body: createTemplateSchema,
    status: 201,
    response: templateSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/email_forms/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: templateSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/email_forms/:id/',
    access: 'user',
    params: idParamsSchema,
    body: updateTemplateSchema,
    status: 200,
    response: templateSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/email_forms/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
};
