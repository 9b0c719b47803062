import { z } from 'zod';
import { adminUserSchema } from './users.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';

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

export const statementQuerySchema = listQuerySchema(['created_at', 'amount']).extend({
  kind: creditKindSchema.optional(),
  from: dateBound,
  to: dateBound,
});

/** The balance log: `search` matches user name, e-mail or reason. */
export const balanceLogQuerySchema = statementQuerySchema.extend({ user: idSchema.optional() });

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
  /** The signed-in user's own charges, refunds and top-ups. */
  statement: defineEndpoint({
    method: 'GET',
    path: '/credits/statement/',
    access: 'user',
    query: statementQuerySchema,
    status: 200,
    response: pageSchema(balanceEntrySchema),
  }),
};
