import { z } from 'zod';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';

/** Rows in one import call: big enough to be quick, small enough for one short transaction. */
export const MAX_IMPORT_CHUNK = 5_000;
/** Rows in one import (all chunks of a file) and the size of the file, checked in the browser. */
export const MAX_IMPORT_ROWS = 200_000;
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;
/** An import chunk of 5,000 full rows stays well under this; the app's default is 1 MB. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
export const MAX_EXTRA_FIELDS = 50;

export const recipientTextLimits = {
  name: 200,
  job_title: 200,
  phone: 50,
  organization: 200,
  country: 100,
  attachment: 255,
  extraName: 100,
  extraValue: 1_000,
} as const;

const text = (max: number) => z.string().trim().max(max, validationKeys.tooLong);
const optionalText = (max: number) => text(max).default('');

export const extraFieldSchema = z.object({
  name: z.string().trim().max(recipientTextLimits.extraName, validationKeys.tooLong),
  value: z.string().trim().max(recipientTextLimits.extraValue, validationKeys.tooLong),
});
export type ExtraField = z.infer<typeof extraFieldSchema>;

/** True when every extra field has both a name and a value (spec §5). */
export const extraFieldsComplete = (extra: readonly { name: string; value: string }[]) =>
  extra.every((field) => field.name.trim() !== '' && field.value.trim() !== '');

export const extraFieldsSchema = z
  .array(extraFieldSchema)
  .max(MAX_EXTRA_FIELDS, validationKeys.tooLong)
  .refine(extraFieldsComplete, validationKeys.extraIncomplete);

const recipientFields = {
  name: optionalText(recipientTextLimits.name),
  job_title: optionalText(recipientTextLimits.job_title),
  phone: optionalText(recipientTextLimits.phone),
  organization: optionalText(recipientTextLimits.organization),
  country: optionalText(recipientTextLimits.country),
  attachment: optionalText(recipientTextLimits.attachment),
  extra: extraFieldsSchema.default([]),
};

export const recipientSchema = z.object({
  id: z.string(),
  list_id: z.string(),
  email: z.string(),
  name: z.string(),
  job_title: z.string(),
  phone: z.string(),
  organization: z.string(),
  country: z.string(),
  attachment: z.string(),
  extra: z.array(extraFieldSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const createRecipientSchema = z.object({ list: idSchema, email: emailSchema, ...recipientFields });
export type CreateRecipientRequest = z.input<typeof createRecipientSchema>;

export const updateRecipientSchema = z
  .object({
    email: emailSchema,
    name: text(recipientTextLimits.name),
    job_title: text(recipientTextLimits.job_title),
    phone: text(recipientTextLimits.phone),
    organization: text(recipientTextLimits.organization),
    country: text(recipientTextLimits.country),
    attachment: text(recipientTextLimits.attachment),
    extra: extraFieldsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });
export type UpdateRecipientRequest = z.input<typeof updateRecipientSchema>;

/** Recipients are always read one list at a time; a list of 100k pages by index. */
export const recipientListQuerySchema = listQuerySchema(['created_at', 'email']).extend({ list: idSchema });

export const recipientListSchema = z.object({
  id: z.string(),
  name: z.string(),
  recipients_count: z.number().int(),
  owner_id: z.string(),
  owner_username: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecipientList = z.infer<typeof recipientListSchema>;

const listNameSchema = z.string().trim().min(1, validationKeys.required).max(120, validationKeys.tooLong);
export const recipientListBodySchema = z.object({ name: listNameSchema });
export const listsQuerySchema = listQuerySchema(['name', 'created_at', 'recipients_count']);

export const recipientGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  lists: z.array(z.string()),
  lists_count: z.number().int(),
  owner_id: z.string(),
  owner_username: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecipientGroup = z.infer<typeof recipientGroupSchema>;

export const MAX_GROUP_LISTS = 500;
const groupListsSchema = z
  .array(idSchema)
  .max(MAX_GROUP_LISTS, validationKeys.tooLong)
  .transform((ids) => [...new Set(ids)]);
export const createGroupSchema = z.object({ name: listNameSchema, lists: groupListsSchema.default([]) });
export const updateGroupSchema = z
  .object({ name: listNameSchema, lists: groupListsSchema })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });
export const groupsQuerySchema = listQuerySchema(['name', 'created_at']);

/**
 * One imported row as the browser maps it. Loose on purpose: the server checks every row itself
 * and answers which rows it refused and why, instead of failing the whole chunk for one bad cell.
 * `row` is the row's number in the user's file, so the refusals point at the file.
 */
const looseText = z.string().max(10_000, validationKeys.tooLong).optional();
export const importRowSchema = z.object({
  row: z.number().int().min(1).optional(),
  email: z.string().max(10_000, validationKeys.tooLong).default(''),
  name: looseText,
  job_title: looseText,
  phone: looseText,
  organization: looseText,
  country: looseText,
  attachment: looseText,
  extra: z
    .array(z.object({ name: z.string().max(10_000), value: z.string().max(10_000) }))
    .max(1_000)
    .optional(),
});
export type ImportRow = z.input<typeof importRowSchema>;

export const importChunkSchema = z.object({
  rows: z
    .array(importRowSchema)
    .min(1, validationKeys.required)
    .max(MAX_IMPORT_CHUNK, validationKeys.tooManyRows),
});

/**
 * What one chunk did. A refused row has its file row number and an i18n reason; a duplicate of an
 * earlier row of the file (`validation.duplicate`) names that row in `first_row`. `cleaned` counts
 * the cells that had invisible characters at their ends, which the import removed.
 */
export const importResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(
    z.object({ row: z.number().int(), reason: z.string(), first_row: z.number().int().optional() }),
  ),
  cleaned: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type ExportFormat = z.output<typeof exportQuerySchema>['format'];

/** The columns of an export, in order; extra fields follow, one column per distinct name. */
export const exportColumns = [
  'email',
  'name',
  'job_title',
  'phone',
  'organization',
  'country',
  'attachment',
] as const;

export const recipientEndpoints = {
  lists: defineEndpoint({
    method: 'GET',
    path: '/recipients/list/',
    access: 'user',
    query: listsQuerySchema,
    status: 200,
    response: pageSchema(recipientListSchema),
  }),
  createList: defineEndpoint({
    method: 'POST',
    path: '/recipients/list/',
    access: 'user',
    body: recipientListBodySchema,
    status: 201,
    response: recipientListSchema,
  }),
  getList: defineEndpoint({
    method: 'GET',
    path: '/recipients/list/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: recipientListSchema,
  }),
  updateList: defineEndpoint({
    method: 'PATCH',
    path: '/recipients/list/:id/',
    access: 'user',
    params: idParamsSchema,
    body: recipientListBodySchema,
    status: 200,
    response: recipientListSchema,
  }),
  removeList: defineEndpoint({
    method: 'DELETE',
    path: '/recipients/list/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
  importChunk: defineEndpoint({
    method: 'POST',
    path: '/recipients/list/:id/import/',
    access: 'user',
    params: idParamsSchema,
    body: importChunkSchema,
    status: 200,
    response: importResultSchema,
  }),
  /** A file, not JSON: the browser downloads it as a blob. */
  exportList: defineEndpoint({
    method: 'GET',
    path: '/recipients/list/:id/export/',
    access: 'user',
    params: idParamsSchema,
    query: exportQuerySchema,
    status: 200,
    response: z.unknown(),
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/recipients/',
    access: 'user',
    query: recipientListQuerySchema,
    status: 200,
    response: pageSchema(recipientSchema),
  }),
  createRecipient: defineEndpoint({
    method: 'POST',
    path: '/recipients/',
    access: 'user',
    body: createRecipientSchema,
    status: 201,
    response: recipientSchema,
  }),
  getRecipient: defineEndpoint({
    method: 'GET',
    path: '/recipients/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: recipientSchema,
  }),
  updateRecipient: defineEndpoint({
    method: 'PATCH',
    path: '/recipients/:id/',
    access: 'user',
    params: idParamsSchema,
    body: updateRecipientSchema,
    status: 200,
    response: recipientSchema,
  }),
  removeRecipient: defineEndpoint({
    method: 'DELETE',
    path: '/recipients/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
  groups: defineEndpoint({
    method: 'GET',
    path: '/recipients/recipient-groups/',
    access: 'user',
    query: groupsQuerySchema,
    status: 200,
    response: pageSchema(recipientGroupSchema),
  }),
  createGroup: defineEndpoint({
    method: 'POST',
    path: '/recipients/recipient-groups/',
    access: 'user',
    body: createGroupSchema,
    status: 201,
    response: recipientGroupSchema,
  }),
  getGroup: defineEndpoint({
    method: 'GET',
    path: '/recipients/recipient-groups/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: recipientGroupSchema,
  }),
  updateGroup: defineEndpoint({
    method: 'PATCH',
    path: '/recipients/recipient-groups/:id/',
    access: 'user',
    params: idParamsSchema,
    body: updateGroupSchema,
    status: 200,
    response: recipientGroupSchema,
  }),
  removeGroup: defineEndpoint({
    method: 'DELETE',
    path: '/recipients/recipient-groups/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
};
