import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';
import { languageSchema } from './password-reset.contract.ts';
import {
  campaignStatusSchema,
  messageStatusCountsSchema,
  messageStatusSchema,
  surveySchema,
} from './send.contract.ts';

/**
 * The e-mail log (issue 9, spec §3): campaigns with their delivery figures, one row per recipient
 * with what happened to its message (delivery, opens, survey answers), and the figures over time
 * for the charts. A sender sees its own campaigns; administrators see everyone's.
 */
export const campaignCountsSchema = messageStatusCountsSchema.extend({
  /** Messages a person opened at least once (machine-traffic.ts tells people from machines). */
  opened: z.number().int(),
  /** Messages a machine fetched the pixel of: scanners, prefetching proxies, right after delivery. */
  machine_opened: z.number().int(),
  /** Messages with at least one person's click on a tracked link. */
  clicked: z.number().int(),
  machine_clicked: z.number().int(),
  /** Messages a crash may have sent twice (the relay accepted, our write was lost). */
  possible_duplicates: z.number().int(),
  /** Delivered messages that bounced afterwards (a DSN or a provider's report), and spam complaints. */
  bounced: z.number().int(),
  complained: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignLogSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  /** The sender's name for the campaign; null: none was given, the subject stands in. */
  name: z.string().nullable(),
  subject: z.string(),
  from_email: z.string(),
  sender_name: z.string(),
  status: campaignStatusSchema,
  recipients_count: z.number().int(),
  counts: campaignCountsSchema,
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  /** Seconds the start came after scheduled_at because the server was down at that moment. */
  late_seconds: z.number().int().nullable(),
  finished_at: z.string().nullable(),
  /** Why the engine paused the campaign by itself (`bounce_rate`: too many hard bounces). */
  pause_reason: z.enum(['bounce_rate']).nullable(),
  created_at: z.string(),
});
export type CampaignLog = z.infer<typeof campaignLogSchema>;

export const bounceTypeSchema = z.enum(['hard', 'soft', 'sender']);

/**
 * The campaign's bounces by kind (issue 32): how many of its messages came back hard, soft or for a
 * sender-side reason, and how many for each reason (Sisimai's vocabulary), most frequent first. A
 * message counts once, by its latest recorded bounce (a hard one is never replaced by a soft one).
 */
export const campaignBouncesSchema = z.object({
  hard: z.number().int(),
  soft: z.number().int(),
  sender: z.number().int(),
  reasons: z.array(z.object({ bounce_type: bounceTypeSchema, reason: z.string(), count: z.number().int() })),
});
export type CampaignBounces = z.infer<typeof campaignBouncesSchema>;

export const campaignLogDetailSchema = campaignLogSchema.extend({
  html: z.string(),
  source_type: z.enum(['single', 'lists', 'groups', 'rows']),
  survey: surveySchema.nullable(),
  language: z.enum(['ar', 'en']),
  /** The HTML's links went through the click address (the per-link report has figures). */
  track_clicks: z.boolean(),
  bounces: campaignBouncesSchema,
});
export type CampaignLogDetail = z.infer<typeof campaignLogDetailSchema>;

export const campaignLogQuerySchema = listQuerySchema(['created_at', 'subject']).extend({
  status: campaignStatusSchema.optional(),
});

/** A message's status as the log shows it: a delivered one may have bounced or drawn a complaint since. */
export const messageLogStatusSchema = z.enum([...messageStatusSchema.options, 'bounced', 'complained']);
export type MessageLogStatus = z.infer<typeof messageLogStatusSchema>;

export const messageLogSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: messageLogStatusSchema,
  /** A bounce after delivery: enhanced status code and the receiving server's words. */
  bounced_at: z.string().nullable(),
  bounce_code: z.string().nullable(),
  bounce_diagnostic: z.string().nullable(),
  /** hard (the address is bad), soft, or sender (the sender's domain, IP or content was refused). */
  bounce_type: bounceTypeSchema.nullable(),
  /** The bounce's reason in Sisimai's vocabulary (userunknown, mailboxfull, authfailure...). */
  bounce_reason: z.string().nullable(),
  soft_bounce_count: z.number().int(),
  complained_at: z.string().nullable(),
  blocked_reason: z
    .enum([
      'unsubscribed',
      'hard_bounce',
      'soft_bounce',
      'complaint',
      'manual',
      'missing_attachment',
      'invalid_address',
    ])
    .nullable(),
  attempts: z.number().int(),
  smtp_response: z.string().nullable(),
  sent_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  open_count: z.number().int(),
  /** Opens by machines (scanners, prefetching proxies), counted apart from the person's. */
  machine_open_count: z.number().int(),
  /** The person's first click on a tracked link, and their clicks in all. */
  clicked_at: z.string().nullable(),
  click_count: z.number().int(),
  machine_click_count: z.number().int(),
  /** The campaign's yes/no question, when it has one. */
  survey_question: z.string().nullable(),
  survey_answer: z.string().nullable(),
  custom_answers: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
  last_checked_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  possible_duplicate: z.boolean(),
});
export type MessageLog = z.infer<typeof messageLogSchema>;

/** `answer`: `answered`, `unanswered`, or one exact yes/no answer (`yes`, `no`). */
export const messageLogQuerySchema = listQuerySchema(['seq', 'email', 'sent_at', 'opened_at']).extend({
  status: messageLogStatusSchema.optional(),
  answer: z.string().trim().min(1, validationKeys.required).max(200, validationKeys.tooLong).optional(),
});

export const timelineBucketSchema = z.enum(['hour', 'day']);
const pointSchema = z.object({ at: z.string(), count: z.number().int() });

export const campaignTimelineSchema = z.object({
  bucket: timelineBucketSchema,
  deliveries: z.array(pointSchema),
  failures: z.array(pointSchema),
  /** People's first opens per bucket. */
  opens: z.array(pointSchema),
  /** Machines' first opens per bucket (scanners, prefetching proxies). */
  machine_opens: z.array(pointSchema),
  /** People's first clicks per bucket. */
  clicks: z.array(pointSchema),
  answers: z.array(z.object({ answer: z.string(), count: z.number().int() })),
  /** Recipients who filled in the custom questions. */
  custom_answered: z.number().int(),
  /** Bounces after delivery and spam complaints per bucket. */
  bounces: z.array(pointSchema),
  complaints: z.array(pointSchema),
});
export type CampaignTimeline = z.infer<typeof campaignTimelineSchema>;

/** One tracked link of a campaign and its clicks, people's and machines' apart. */
export const campaignLinkReportSchema = z.object({
  /** Its place among the HTML's tracked links: the `<number>` of `/api/public/m/<token>/c/<number>`. */
  number: z.number().int(),
  /** As the campaign's content has it ({{variables}} not filled in). */
  url: z.string(),
  clicks: z.number().int(),
  machine_clicks: z.number().int(),
  /** Recipients who clicked it at least once themselves. */
  unique_clickers: z.number().int(),
});
export type CampaignLinkReport = z.infer<typeof campaignLinkReportSchema>;

export const campaignLinksSchema = z.object({
  /** False when the campaign was sent with `track_clicks: false`: no figures exist. */
  tracked: z.boolean(),
  results: z.array(campaignLinkReportSchema),
});
export type CampaignLinks = z.infer<typeof campaignLinksSchema>;

/** The messages' filters of `messageLogQuerySchema`, a file format, and the language of its header. */
export const messageExportQuerySchema = messageLogQuerySchema
  .pick({ status: true, answer: true, search: true })
  .extend({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    language: languageSchema.default('ar'),
  });
export type MessageExportFormat = z.output<typeof messageExportQuerySchema>['format'];

const periodStart = z.iso.datetime({ offset: true, error: validationKeys.invalid }).optional();

/**
 * The overview's figures. The browser names where "this week" and "this month" start in the
 * sender's own time zone; without them the server takes the UTC calendar week (from Monday) and month.
 */
export const summaryQuerySchema = z.object({ week_start: periodStart, month_start: periodStart });

export const periodFiguresSchema = z.object({
  /** Messages handed to the relay in the period. */
  sent: z.number().int(),
  /** Messages first opened in the period. */
  opened: z.number().int(),
  /** Messages blocked (unsubscribed, bounced, missing file) in the period. */
  blocked: z.number().int(),
  /** Delivered messages that bounced in the period, and spam complaints received in it. */
  bounced: z.number().int(),
  complained: z.number().int(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const MAX_RECENT_CAMPAIGNS = 5;
/** The most campaigns the overview shows live progress for (sending or paused), oldest first. */
export const MAX_ACTIVE_CAMPAIGNS = 20;

export const sendingSummarySchema = z.object({
  /** Credits granted in all, spent, and left (quota - used), as the server has them now. */
  quota: z.number().int(),
  used: z.number().int(),
  balance: z.number().int(),
  week: periodFiguresSchema,
  month: periodFiguresSchema,
  /** The caller's own latest campaigns, newest first. */
  recent: z.array(campaignLogSchema).max(MAX_RECENT_CAMPAIGNS),
  /** The caller's own campaigns being sent or paused, oldest first: the overview's live progress. */
  active: z.array(campaignLogSchema).max(MAX_ACTIVE_CAMPAIGNS),
});
export type SendingSummary = z.infer<typeof sendingSummarySchema>;

/** Days the overview's trend chart covers, today included. */
export const TREND_DAYS = 30;

/**
 * The overview's trend: the browser names the start of its first day (local midnight, 29 days
 * ago) and its UTC offset in minutes, so the days are the sender's own; without them, UTC days.
 */
export const trendQuerySchema = z.object({
  start: periodStart,
  utc_offset: z.coerce
    .number({ error: validationKeys.invalid })
    .int({ error: validationKeys.invalid })
    .min(-840, { error: validationKeys.invalid })
    .max(840, { error: validationKeys.invalid })
    .optional(),
});

export const trendDaySchema = z.object({
  /** YYYY-MM-DD in the sender's time zone. */
  date: z.string(),
  /** Messages handed to the relay that day, first opened by a person that day, answered that day. */
  sent: z.number().int(),
  opened: z.number().int(),
  answered: z.number().int(),
});
export type TrendDay = z.infer<typeof trendDaySchema>;

export const sendingTrendSchema = z.object({ days: z.array(trendDaySchema).length(TREND_DAYS) });
export type SendingTrend = z.infer<typeof sendingTrendSchema>;

export const logEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/logs/email/',
    access: 'user',
    query: campaignLogQuerySchema,
    status: 200,
    response: pageSchema(campaignLogSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/logs/email/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: campaignLogDetailSchema,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/logs/email/:id/messages/',
    access: 'user',
    params: idParamsSchema,
    query: messageLogQuerySchema,
    status: 200,
    response: pageSchema(messageLogSchema),
  }),
  /** One message by its id: the `message_id` every message webhook event carries. */
  message: defineEndpoint({
    method: 'GET',
    path: '/messages/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: messageLogSchema.extend({ campaign_id: z.string() }),
  }),
  /** `?bucket=hour|day`; by default hours for a campaign shorter than two days. */
  timeline: defineEndpoint({
    method: 'GET',
    path: '/logs/email/:id/timeline/',
    access: 'user',
    params: idParamsSchema,
    query: z.object({ bucket: timelineBucketSchema.optional() }),
    status: 200,
    response: campaignTimelineSchema,
  }),
  /** Each tracked link of the campaign with its clicks (people, machines, unique clickers). */
  links: defineEndpoint({
    method: 'GET',
    path: '/logs/email/:id/links/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: campaignLinksSchema,
  }),
  /** A file, not JSON: the messages matching the filters as CSV or XLSX, for the browser to save. */
  export: defineEndpoint({
    method: 'GET',
    path: '/logs/email/:id/export/',
    access: 'user',
    params: idParamsSchema,
    query: messageExportQuerySchema,
    status: 200,
    response: z.unknown(),
  }),
  /** The signed-in user's own figures for the overview (administrators included: their own sends). */
  summary: defineEndpoint({
    method: 'GET',
    path: '/logs/summary/',
    access: 'user',
    query: summaryQuerySchema,
    status: 200,
    response: sendingSummarySchema,
  }),
  /** Sent, opened and answered messages per day for 30 days: the caller's campaigns, an administrator's all. */
  trend: defineEndpoint({
    method: 'GET',
    path: '/logs/trend/',
    access: 'user',
    query: trendQuerySchema,
    status: 200,
    response: sendingTrendSchema,
  }),
};
