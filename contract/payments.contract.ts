import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';

/**
 * Payments (issue 19): administrators define credit packages; a user places a recharge order
 * that a provider settles (the manual bank transfer an administrator confirms, or Stripe
 * Checkout). Credits are granted exactly once, in the transaction that marks the order paid.
 *
 * Order states: pending -> paid | failed | expired | cancelled, and paid -> refunded.
 */
export const CURRENCIES = ['SAR', 'EGP', 'AED', 'USD'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const PROVIDERS = ['manual', 'stripe'] as const;
export const providerSchema = z.enum(PROVIDERS);
export type ProviderName = z.infer<typeof providerSchema>;

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Which state may follow which; the server's guarded updates and the browser machine share it. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'failed', 'expired', 'cancelled'],
  paid: ['refunded'],
  failed: [],
  expired: [],
  cancelled: [],
  refunded: [],
};
export const isSettled = (status: OrderStatus) => status !== 'pending';

/** Credits are 64-bit in storage; an order stays well inside a JavaScript number's exact range. */
export const MAX_ORDER_CREDITS = 1_000_000_000_000;
/** Prices in the currency's minor unit (cents, halalas). */
export const MAX_PRICE = 1_000_000_000_000;

const credits = z
  .number()
  .int(validationKeys.invalid)
  .min(1, validationKeys.invalid)
  .max(MAX_ORDER_CREDITS, validationKeys.invalid);
const price = z
  .number()
  .int(validationKeys.invalid)
  .min(1, validationKeys.invalid)
  .max(MAX_PRICE, validationKeys.invalid);
const name = z.string().trim().min(1, validationKeys.required).max(120, validationKeys.tooLong);

export const packageSchema = z.object({
  id: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  credits: z.number().int(),
  price: z.number().int(),
  currency: currencySchema,
  hidden: z.boolean(),
  created_at: z.string(),
});
export type CreditPackage = z.infer<typeof packageSchema>;

export const createPackageSchema = z.object({
  name_ar: name,
  name_en: name,
  credits,
  price,
  currency: currencySchema,
  hidden: z.boolean().optional(),
});
export type CreatePackageRequest = z.input<typeof createPackageSchema>;

export const updatePackageSchema = createPackageSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });

/** What the recharge screen needs besides the packages. */
export const paymentOptionsSchema = z.object({
  /** Providers that can take an order now; the first is the default. */
  providers: z.array(providerSchema),
  /** Null: only packages can be bought. */
  custom: z
    .object({ price_per_credit: z.number().int(), currency: currencySchema, min_credits: z.number().int() })
    .nullable(),
  vat_percent: z.number(),
  bank_instructions_ar: z.string(),
  bank_instructions_en: z.string(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const paymentSettingsSchema = z.object({
  bank_instructions_ar: z.string(),
  bank_instructions_en: z.string(),
  custom_price_per_credit: z.number().int().nullable(),
  custom_currency: currencySchema,
  custom_min_credits: z.number().int(),
  seller_name: z.string(),
  seller_address: z.string(),
  seller_tax_number: z.string(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

const text = (max: number) => z.string().trim().max(max, validationKeys.tooLong);
export const updatePaymentSettingsSchema = z
  .object({
    bank_instructions_ar: text(2000),
    bank_instructions_en: text(2000),
    custom_price_per_credit: price.nullable(),
    custom_currency: currencySchema,
    custom_min_credits: credits,
    seller_name: text(200),
    seller_address: text(500),
    seller_tax_number: text(50),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });

/** `{package_id}` or `{credits}` (a custom amount, when the administrator allows one). */
export const createOrderSchema = z
  .object({
    package_id: idSchema.optional(),
    credits: credits.optional(),
    /** Defaults to the first provider of the options. */
    provider: providerSchema.optional(),
    /** Language of the order's mails and invoice; the interface language. */
    language: z.enum(['ar', 'en']).optional(),
  })
  .refine((body) => (body.package_id === undefined) !== (body.credits === undefined), {
    message: validationKeys.invalid,
    path: ['package_id'],
  });
export type CreateOrderRequest = z.input<typeof createOrderSchema>;

export const orderSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string().nullable(),
  package_id: z.string().nullable(),
  status: orderStatusSchema,
  credits: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  provider: providerSchema,
  checkout_url: z.string().nullable(),
  receipt_upload_id: z.string().nullable(),
  reason: z.string().nullable(),
  invoice_number: z.number().int().nullable(),
  refunded_credits: z.number().int().nullable(),
  paid_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * Where a bank-transfer order is paid (contract/bank-accounts.contract.ts): the account of its
 * currency and the reference the buyer quotes. Null for other providers, or when the
 * administrator has set no account for that currency.
 */
export const bankTransferSchema = z.object({
  bank_name: z.string(),
  iban: z.string(),
  beneficiary: z.string(),
  reference: z.string(),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

/** One order as its page reads it: with the owner's balance now (the result page shows it). */
export const orderDetailSchema = orderSchema.extend({
  balance: z.number().int(),
  bank_transfer: bankTransferSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const dateBound = z.iso.datetime({ offset: true, error: validationKeys.invalid }).optional();

export const orderListQuerySchema = listQuerySchema(['created_at', 'amount']).extend({
  status: orderStatusSchema.optional(),
  provider: providerSchema.optional(),
  from: dateBound,
  to: dateBound,
  /** Administrators: one user's orders. */
  user: idSchema.optional(),
});

export const orderTotalsSchema = z.object({
  currency: currencySchema,
  count: z.number().int(),
  amount: z.number().int(),
  credits: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** `{count, results}`, and the matching orders' totals per currency (paid ones only). */
export const orderPageSchema = pageSchema(orderSchema).extend({ totals: z.array(orderTotalsSchema) });
export type OrderPage = z.infer<typeof orderPageSchema>;

export const rejectOrderSchema = z.object({
  reason: z.string().trim().min(1, validationKeys.required).max(500, validationKeys.tooLong),
});
export const refundOrderSchema = z.object({
  reason: z.string().trim().max(500, validationKeys.tooLong).optional(),
});
/**
 * A bank-transfer receipt (manual provider): an upload the payer made (`kind=image` for a PNG or
 * JPEG, `kind=attachment` for a PDF), judged by its content, at most MAX_RECEIPT_BYTES. Once
 * attached to an order it is kept with the order: the uploads cleanup never removes it.
 */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const attachReceiptSchema = z.object({ upload_id: idSchema });

/**
 * A paid order's invoice; before it is paid the same page is a pro-forma (number and issue date
 * null, with the bank-transfer instructions), so a buyer can pay by it (issue 37).
 */
export const invoiceSchema = z.object({
  invoice_number: z.number().int().nullable(),
  issued_at: z.string().nullable(),
  language: z.enum(['ar', 'en']),
  seller: z.object({ name: z.string(), address: z.string(), tax_number: z.string() }),
  buyer: z.object({ username: z.string(), email: z.string(), organization: z.string().nullable() }),
  order: orderSchema,
  package_name_ar: z.string().nullable(),
  package_name_en: z.string().nullable(),
  vat_percent: z.number(),
  bank_transfer: bankTransferSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const creditAlertUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  balance: z.number().int(),
  threshold: z.number().int(),
});
export type CreditAlertUser = z.infer<typeof creditAlertUserSchema>;

export const webhookAnswerSchema = z.object({ received: z.literal(true) });

const orderParams = idParamsSchema;

export const paymentEndpoints = {
  listPackages: defineEndpoint({
    method: 'GET',
    path: '/payments/packages/',
    access: 'user',
    status: 200,
    response: pageSchema(packageSchema),
  }),
  createPackage: defineEndpoint({
    method: 'POST',
    path: '/payments/packages/',
    access: 'admin',
    body: createPackageSchema,
    status: 201,
    response: packageSchema,
  }),
  updatePackage: defineEndpoint({
    method: 'PATCH',
    path: '/payments/packages/:id/',
    access: 'admin',
    params: idParamsSchema,
    body: updatePackageSchema,
    status: 200,
    response: packageSchema,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/payments/options/',
    access: 'user',
    status: 200,
    response: paymentOptionsSchema,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/payments/settings/',
    access: 'admin',
    status: 200,
    response: paymentSettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PATCH',
    path: '/payments/settings/',
    access: 'admin',
    body: updatePaymentSettingsSchema,
    status: 200,
    response: paymentSettingsSchema,
  }),
  createOrder: defineEndpoint({
    method: 'POST',
    path: '/payments/orders/',
    access: 'user',
    body: createOrderSchema,
    status: 201,
    response: orderSchema,
  }),
  /** Own orders; administrators: everyone's. */
  listOrders: defineEndpoint({
    method: 'GET',
    path: '/payments/orders/',
    access: 'user',
    query: orderListQuerySchema,
    status: 200,
    response: orderPageSchema,
  }),
  getOrder: defineEndpoint({
    method: 'GET',
    path: '/payments/orders/:id/',
    access: 'user',
    params: orderParams,
    status: 200,
    response: orderDetailSchema,
  }),
  cancelOrder: defineEndpoint({
    method: 'POST',
    path: '/payments/orders/:id/cancel/',
    access: 'user',
    params: orderParams,
    status: 200,
    response: orderSchema,
  }),
  attachReceipt: defineEndpoint({
    method: 'POST',
    path: '/payments/orders/:id/receipt/',
    access: 'user',
    params: orderParams,
    body: attachReceiptSchema,
    status: 200,
    response: orderSchema,
  }),
  /** A file, not JSON: the order's receipt, for its owner and administrators (others get 404). */
  receipt: defineEndpoint({
    method: 'GET',
    path: '/payments/orders/:id/receipt/',
    access: 'user',
    params: orderParams,
    status: 200,
    response: z.unknown(),
  }),
  markPaid: defineEndpoint({
    method: 'POST',
    path: '/payments/orders/:id/mark-paid/',
    access: 'admin',
    params: orderParams,
    status: 200,
    response: orderSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/payments/orders/:id/reject/',
    access: 'admin',
    params: orderParams,
    body: rejectOrderSchema,
    status: 200,
    response: orderSchema,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/payments/orders/:id/refund/',
    access: 'admin',
    params: orderParams,
    body: refundOrderSchema,
    status: 200,
    response: orderSchema,
  }),
  invoice: defineEndpoint({
    method: 'GET',
    path: '/payments/orders/:id/invoice/',
    access: 'user',
    params: orderParams,
    status: 200,
    response: invoiceSchema,
  }),
  creditAlerts: defineEndpoint({
    method: 'GET',
    path: '/payments/credit-alerts/',
    access: 'admin',
    status: 200,
    response: pageSchema(creditAlertUserSchema),
  }),
  /** Stripe's webhook: the body is read raw and its signature checked before anything else. */
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/payments/webhooks/stripe/',
    access: 'public',
    status: 200,
    response: webhookAnswerSchema,
  }),
};
