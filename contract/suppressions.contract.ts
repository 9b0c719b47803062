import { z } from 'zod';
import { bounceReasonSchema } from './bounce-reasons.contract.ts';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { listQuerySchema, MAX_SEARCH_LENGTH, pageSchema } from './list.contract.ts';
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
  /** For a bounce: its reason (Sisimai's vocabulary); null for other rows and unread old bounces. */
  bounce_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionListQuerySchema = listQuerySchema(['created_at', 'email', 'reason']).extend({
  reason: suppressionReasonSchema.optional(),
  /** Only bounces with this reason (authfailure, mailboxfull...). */
  bounce_reason: bounceReasonSchema.optional(),
  /** Only rows that came from this campaign. */
  campaign_id: idSchema.optional(),
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

/** The reasons a release lifts: bounces only; unsubscribes, complaints and hand-added rows stay. */
export const RELEASABLE_REASONS = [
  'hard_bounce',
  'soft_bounce',
] as const satisfies readonly SuppressionReasonName[];

/**
 * Lifts every bounce suppression matching the filters at once (a sender-side failure, a full
 * mailbox that is not any more). At least a bounce reason or a campaign must be named, so a
 * release never empties the whole list by accident.
 */
export const releaseSuppressionsSchema = z
  .object({
    reason: z.enum(RELEASABLE_REASONS).optional(),
    bounce_reason: bounceReasonSchema.optional(),
    campaign_id: idSchema.optional(),
    search: z.string().trim().max(MAX_SEARCH_LENGTH, validationKeys.tooLong).optional(),
  })
  .strict()
  .refine((body) => body.bounce_reason !== undefined || body.campaign_id !== undefined, {
    message: validationKeys.atLeastOneField,
    path: ['bounce_reason'],
  });
export type ReleaseSuppressionsRequest = z.input<typeof releaseSuppressionsSchema>;

export const releaseSuppressionsResultSchema = z.object({ released: z.number().int() });

export const suppressionExportQuerySchema = suppressionListQuerySchema
  .pick({ search: true, reason: true, bounce_reason: true, campaign_id: true })
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
  release: defineEndpoint({
    method: 'POST',
    path: '/suppressions/release/',
    access: 'user',
    body: releaseSuppressionsSchema,
    status: 200,
    response: releaseSuppressionsResultSchema,
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
