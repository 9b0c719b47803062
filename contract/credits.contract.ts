import { z } from 'zod';
import { adminUserSchema } from './users.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';
import { languageSchema } from './password-reset.contract.ts';

/**
 * Credits (issue 11): administrators top up or correct a user's balance and read the balance log
 * of everyone; every user reads its own statement. Each movement is one row of the append-only
 * credit ledger, written in the same transaction as the balance change.
 */
export const MAX_CREDIT_AMOUNT = 100_000_000;

export const creditKindSchema = z.enum(['grant', 'adjust', 'charge', 'refund']);
export type CreditKind = z.infer<typeof creditKindSchema>;

/** A positive amount adds credit; a negative one takes it away and needs a reason. */
export const addQuotaSchema = z
  .object({
    amount: z
      .number()
      .int(validationKeys.invalid)
      .min(-MAX_CREDIT_AMOUNT, validationKeys.invalid)
      .max(MAX_CREDIT_AMOUNT, validationKeys.invalid)
      .refine((amount) => amount !== 0, validationKeys.invalid),
    reason: z
      .string()
      .trim()
      .max(500, validationKeys.tooLong)
      .nullish()
      .transform((value) => value || null),
  })
  .refine((body) => body.amount > 0 || body.reason !== null, {
    message: validationKeys.reasonRequired,
    path: ['reason'],
  });
export type AddQuotaRequest = z.input<typeof addQuotaSchema>;

export const balanceEntrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** Null once the account was deleted (the history stays). */
  username: z.string().nullable(),
  email: z.string().nullable(),
  amount: z.number().int(),
  balance_after: z.number().int(),
  kind: creditKindSchema,
  campaign_id: z.string().nullable(),
  /** The recharge order the credits came from or were taken back for (issue 19). */
  order_id: z.string().nullable().optional(),
  reason: z.string().nullable(),
  /** The administrator's user name for grants and adjustments; null for the engine's own moves. */
  updated_by: z.string().nullable(),
  created_at: z.string(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

const dateBound = z.iso.datetime({ offset: true, error: validationKeys.invalid }).optional();

/**
 * What a movement was, as a statement reads it (issue 19): the ledger's kind told apart by what
 * caused it. `topup` an administrator's grant, `purchase` a paid recharge order's credits,
 * `adjust` an administrator's correction, `order_refund` credits taken back for a refunded
 * order, `send` a campaign's charge, `send_refund` credits of undelivered messages given back.
 */
export const STATEMENT_TYPES = [
  'topup',
  'purchase',
  'adjust',
  'order_refund',
  'send',
  'send_refund',
] as const;
export const statementTypeSchema = z.enum(STATEMENT_TYPES);
export type StatementType = z.infer<typeof statementTypeSchema>;

export const statementTypeOf = (entry: { kind: CreditKind; order_id?: string | null | undefined }) => {
  const fromOrder = Boolean(entry.order_id);
  switch (entry.kind) {
    case 'grant':
      return fromOrder ? 'purchase' : 'topup';
    case 'adjust':
      return fromOrder ? 'order_refund' : 'adjust';
    case 'charge':
      return 'send';
    case 'refund':
      return 'send_refund';
  }
};

export const statementQuerySchema = listQuerySchema(['created_at', 'amount']).extend({
  kind: creditKindSchema.optional(),
  type: statementTypeSchema.optional(),
  from: dateBound,
  to: dateBound,
  /** Administrators: another user's statement (anyone else gets 403). */
  user: idSchema.optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

/** A statement line: the movement, what it was, and the account's balance right after it. */
export const statementEntrySchema = balanceEntrySchema.extend({
  type: statementTypeSchema,
  /**
   * The balance after this movement in the account's chronological order (created_at, id),
   * computed by the server over the whole history whatever the filter and page: the newest
   * line's running balance is the account's balance.
   */
  running_balance: z.number().int(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** The filtered statement's totals, and the account's balance at both ends of the date range. */
export const statementSummarySchema = z.object({
  user: z.object({ id: z.string(), username: z.string().nullable(), balance: z.number().int() }),
  count: z.number().int(),
  credits_in: z.number().int(),
  credits_out: z.number().int(),
  net: z.number().int(),
  /** Balance before the first movement of the range (`from`); before everything without one. */
  opening_balance: z.number().int(),
  /** Balance after the last movement of the range (`to`); the balance now without one. */
  closing_balance: z.number().int(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const STATEMENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type StatementExportFormat = (typeof STATEMENT_EXPORT_FORMATS)[number];
export const statementExportQuerySchema = statementQuerySchema
  .omit({ page: true, page_size: true, ordering: true })
  .extend({
    format: z.enum(STATEMENT_EXPORT_FORMATS).default('csv'),
    language: languageSchema.default('ar'),
  });

/** The balance log: `search` matches user name, e-mail or reason. */
export const balanceLogQuerySchema = statementQuerySchema.omit({ type: true });

export const creditEndpoints = {
  addQuota: defineEndpoint({
    method: 'POST',
    path: '/auth/users/:id/quota/',
    access: 'admin',
    params: idParamsSchema,
    body: addQuotaSchema,
    status: 200,
    response: adminUserSchema,
  }),
  balanceLog: defineEndpoint({
    method: 'GET',
    path: '/auth/users/amount/',
    access: 'admin',
    query: balanceLogQuerySchema,
    status: 200,
    response: pageSchema(balanceEntrySchema),
  }),
  /** The signed-in user's own charges, refunds and top-ups (administrators: anyone's, `?user=`). */
  statement: defineEndpoint({
    method: 'GET',
    path: '/credits/statement/',
    access: 'user',
    query: statementQuerySchema,
    status: 200,
    response: pageSchema(statementEntrySchema),
  }),
  /** Totals of the statement matching the same filters. */
  statementSummary: defineEndpoint({
    method: 'GET',
    path: '/credits/statement/summary/',
    access: 'user',
    query: statementQuerySchema.omit({ page: true, page_size: true, ordering: true }),
    status: 200,
    response: statementSummarySchema,
  }),
  /** A file, not JSON: the filtered statement as CSV or XLSX, oldest first, with its totals. */
  statementExport: defineEndpoint({
    method: 'GET',
    path: '/credits/statement/export/',
    access: 'user',
    query: statementExportQuerySchema,
    status: 200,
    response: z.unknown(),
  }),
};
