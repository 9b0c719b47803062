import { z } from 'zod';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';
import { languageSchema } from './password-reset.contract.ts';

/**
 * The suppression list (issue 16): addresses a sender's campaigns never mail again, because the
 * person unsubscribed, the address bounced (hard, or soft three times in a row), the person
 * reported the mail as spam, or the sender added it by hand. Each sender sees and edits its own;
 * administrators see everyone's (and the `*` rows the engine writes for every sender).
 */
export const SUPPRESSION_REASONS = [
  'unsubscribed',
  'hard_bounce',
  'soft_bounce',
  'complaint',
  'manual',
] as const;
export const suppressionReasonSchema = z.enum(SUPPRESSION_REASONS);
export type SuppressionReasonName = z.infer<typeof suppressionReasonSchema>;

/** Addresses one request may add by hand. */
export const MAX_MANUAL_SUPPRESSIONS = 1000;

export const suppressionSchema = z.object({
  id: z.string(),
  email: z.string(),
  reason: suppressionReasonSchema,
  /** The sender it applies to; null for a row that applies to every sender. */
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  /** The campaign it came from (a bounce, a complaint, an unsubscribe), when there is one. */
  campaign_id: z.string().nullable(),
  campaign_subject: z.string().nullable(),
  created_at: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionListQuerySchema = listQuerySchema(['created_at', 'email', 'reason']).extend({
  reason: suppressionReasonSchema.optional(),
});
export type SuppressionListQuery = z.input<typeof suppressionListQuerySchema>;

export const addSuppressionsSchema = z.object({
  emails: z
    .array(emailSchema)
    .min(1, validationKeys.required)
    .max(MAX_MANUAL_SUPPRESSIONS, validationKeys.tooLong),
});
export type AddSuppressionsRequest = z.input<typeof addSuppressionsSchema>;

export const addSuppressionsResultSchema = z.object({
  /** Newly suppressed; the others were on the list already. */
  added: z.number().int(),
});

export const suppressionExportQuerySchema = suppressionListQuerySchema
  .pick({ search: true, reason: true })
  .extend({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    language: languageSchema.default('ar'),
  });

/** A report the inbound SMTP receiver could not apply (administrators read them). */
export const inboundReportSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  envelope_from: z.string(),
  envelope_to: z.array(z.string()),
  subject: z.string(),
  kind: z.enum(['delivery_status', 'feedback_report', 'plain', 'other']),
  problem: z.enum(['no_match', 'unreadable']),
  details: z.record(z.string(), z.unknown()),
  excerpt: z.string(),
});
export type InboundReport = z.infer<typeof inboundReportSchema>;

export const suppressionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/suppressions/',
    access: 'user',
    query: suppressionListQuerySchema,
    status: 200,
    response: pageSchema(suppressionSchema),
  }),
  /** Adds addresses to the caller's own list (reason `manual`). */
  add: defineEndpoint({
    method: 'POST',
    path: '/suppressions/',
    access: 'user',
    body: addSuppressionsSchema,
    status: 201,
    response: addSuppressionsResultSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/suppressions/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
  /** A file, not JSON: the list matching the filters as CSV or XLSX. */
  export: defineEndpoint({
    method: 'GET',
    path: '/suppressions/export/',
    access: 'user',
    query: suppressionExportQuerySchema,
    status: 200,
    response: z.unknown(),
  }),
  inboundReports: defineEndpoint({
    method: 'GET',
    path: '/suppressions/inbound-reports/',
    access: 'admin',
    query: listQuerySchema(['received_at']),
    status: 200,
    response: pageSchema(inboundReportSchema),
  }),
};
