import { z } from 'zod';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { languageSchema } from './password-reset.contract.ts';

/**
 * Accepting a send (issue 9). The body is fixed: outside clients post it as is.
 *
 * `attachments` is either the object `{zips?, attachment?, image?}` of upload ids, or a flat list
 * of upload ids that the server sorts by each upload's kind (at most one `attachment` and one
 * `image`; any number of zips). A recipient's `attachment` value names a file inside those zips
 * (its full path in the archive, or its file name alone).
 */
export const MAX_SEND_ROWS = 100_000;
export const MAX_SOURCE_IDS = 200;
export const MAX_HTML_LENGTH = 2_000_000;
/** The check lists this many recipients whose file is missing; the count covers them all. */
export const MAX_LISTED_MISSING = 1000;

const text = (max: number) => z.string().trim().max(max, validationKeys.tooLong);
const required = (max: number) => text(max).min(1, validationKeys.required);
const cell = z.union([z.string().max(10_000, validationKeys.tooLong), z.number(), z.boolean(), z.null()]);

export const recipientInputSchema = z.object({
  email: emailSchema,
  name: text(200).default(''),
  /** Custom variables by name ({{contract_no}}). */
  variables: z.record(z.string().max(100), z.string().max(10_000, validationKeys.tooLong)).default({}),
  attachment: text(500).optional(),
});

/** One row of an Excel sheet: email, name, attachment, and every other column as a variable. */
export const sendRowSchema = z
  .object({ email: emailSchema, name: cell.optional(), attachment: cell.optional() })
  .catchall(cell);

export const sendSourceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), recipient: recipientInputSchema }),
  z.object({
    type: z.literal('lists'),
    ids: z.array(idSchema).min(1, validationKeys.required).max(MAX_SOURCE_IDS),
  }),
  z.object({
    type: z.literal('groups'),
    ids: z.array(idSchema).min(1, validationKeys.required).max(MAX_SOURCE_IDS),
  }),
  z.object({
    type: z.literal('rows'),
    rows: z.array(sendRowSchema).min(1, validationKeys.required).max(MAX_SEND_ROWS, validationKeys.tooLong),
  }),
]);
export type SendSource = z.infer<typeof sendSourceSchema>;

export const sendAttachmentsSchema = z.union([
  z.object({
    zips: z.array(idSchema).max(50).default([]),
    attachment: idSchema.nullish().transform((value) => value ?? null),
    image: idSchema.nullish().transform((value) => value ?? null),
  }),
  z.array(idSchema).max(52),
]);

export const surveySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('yes_no'), question: required(500) }),
  z.object({
    type: z.literal('custom'),
    questions: z.array(required(500)).min(1, validationKeys.required).max(20, validationKeys.tooLong),
  }),
]);
export type Survey = z.infer<typeof surveySchema>;

/** Longest campaign name the sender may give. */
export const MAX_CAMPAIGN_NAME_LENGTH = 200;

export const missingAttachmentsSchema = z.enum(['skip', 'send_without']);

export const sendRequestSchema = z
  .object({
    subject: required(998),
    html: z.string().max(MAX_HTML_LENGTH, validationKeys.tooLong).optional(),
    template_id: idSchema.optional(),
    from_email: emailSchema,
    sender_name: required(120),
    /** The sender's name for the campaign (its title in the log); empty or absent: none, the subject stands in. */
    name: z.string().trim().max(MAX_CAMPAIGN_NAME_LENGTH, validationKeys.tooLong).nullish(),
    /** Where replies go (the Reply-To header); empty or absent: to from_email. */
    reply_to: z.preprocess((value) => (value === '' ? null : value), emailSchema.nullish()),
    source: sendSourceSchema,
    attachments: sendAttachmentsSchema.optional(),
    survey: surveySchema.nullish(),
    /** ISO 8601 with an offset; must be in the future. */
    scheduled_at: z.iso.datetime({ offset: true, error: validationKeys.invalid }).nullish(),
    /** What to do with recipients whose file is not in the zips; asked when there are some. */
    missing_attachments: missingAttachmentsSchema.optional(),
    /** Language of the public pages (survey, unsubscribe) and of {{date}}; the sender's interface language. */
    language: languageSchema.default('ar'),
    /** Rewrite the HTML's http(s) links to the click-tracking address (server/mail/click-tracking.ts). */
    track_clicks: z.boolean().default(true),
  })
  .refine((body) => (body.html === undefined) !== (body.template_id === undefined) && body.html !== '', {
    message: validationKeys.required,
    path: ['html'],
  });
export type SendRequest = z.input<typeof sendRequestSchema>;

export const campaignStatusSchema = z.enum(['scheduled', 'sending', 'paused', 'completed', 'cancelled']);
export const messageStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed', 'blocked', 'cancelled']);
export type CampaignStatusName = z.infer<typeof campaignStatusSchema>;

export const sendAcceptedSchema = z.object({
  id: z.string(),
  status: campaignStatusSchema,
  recipients_count: z.number().int(),
});

export const missingAttachmentSchema = z.object({ email: z.string(), attachment: z.string() });

/** Recipients the check returns for the review's preview picker. */
export const MAX_PREVIEW_RECIPIENTS = 20;

export const sendCheckSchema = z.object({
  /** Unique recipients after de-duplication, blocked ones included. */
  recipients_count: z.number().int(),
  /** Suppressed (unsubscribed, hard-bounced): written as blocked, not charged. */
  blocked_count: z.number().int(),
  /** Credits the send costs as things stand (skipped recipients not counted). */
  cost: z.number().int(),
  balance: z.number().int(),
  missing_attachments_count: z.number().int(),
  missing_attachments: z.array(missingAttachmentSchema),
  /** Each variable the subject and content use, and how many recipients have no value for it. */
  variables: z.array(z.object({ name: z.string(), missing_count: z.number().int() })),
  /**
   * The first recipients as the send will address them (at most MAX_PREVIEW_RECIPIENTS), with the
   * values they fill: the review previews the message for one of them, lists and groups included.
   */
  sample: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      organization: z.string().optional(),
      job_title: z.string().optional(),
      phone: z.string().optional(),
      country: z.string().optional(),
      extra: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
});
export type SendCheck = z.infer<typeof sendCheckSchema>;

/** How many of a campaign's messages are in each status (the e-mail log adds opens to it). */
export const messageStatusCountsSchema = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  blocked: z.number().int(),
  cancelled: z.number().int(),
});

export const campaignStateSchema = z.object({
  id: z.string(),
  status: campaignStatusSchema,
  recipients_count: z.number().int(),
  counts: messageStatusCountsSchema,
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type CampaignState = z.infer<typeof campaignStateSchema>;

const action = (name: 'pause' | 'resume' | 'cancel') =>
  defineEndpoint({
    method: 'POST',
    path: `/send/:id/${name}/`,
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: campaignStateSchema,
  });

/** A test send (issue 22): the send's body plus up to MAX_TEST_RECIPIENTS addresses to try it on. */
export const MAX_TEST_RECIPIENTS = 5;
export const testSendRequestSchema = sendRequestSchema.and(
  z.object({
    to: z.array(emailSchema).min(1, validationKeys.required).max(MAX_TEST_RECIPIENTS, validationKeys.tooLong),
  }),
);
export type TestSendRequest = z.input<typeof testSendRequestSchema>;

export const sendEndpoints = {
  /**
   * The message as the first recipient would get it, to `to` only, its subject marked as a test:
   * free of charge, no campaign, rate-limited per user. 202 once the relay took it.
   */
  test: defineEndpoint({
    method: 'POST',
    path: '/send/test/',
    access: 'user',
    body: testSendRequestSchema,
    status: 202,
    response: z.object({ sent_to: z.array(z.string()) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/send/',
    access: 'user',
    body: sendRequestSchema,
    status: 201,
    response: sendAcceptedSchema,
  }),
  /** The same body; answers what accepting it would do, writing nothing. */
  check: defineEndpoint({
    method: 'POST',
    path: '/send/check/',
    access: 'user',
    body: sendRequestSchema,
    status: 200,
    response: sendCheckSchema,
  }),
  senderEmails: defineEndpoint({
    method: 'GET',
    path: '/send/sender-emails/',
    access: 'user',
    status: 200,
    response: z.object({ emails: z.array(z.string()) }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/send/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: campaignStateSchema,
  }),
  pause: action('pause'),
  resume: action('resume'),
  /** Queued messages are cancelled and their credits given back. */
  cancel: action('cancel'),
};
