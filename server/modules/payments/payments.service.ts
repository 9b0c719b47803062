import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { User } from '../../../contract/auth.contract.ts';
import { errorCodes, validationKeys } from '../../../contract/errors.contract.ts';
import {
  ORDER_TRANSITIONS,
  type CreateOrderRequest,
  type OrderStatus,
  type ProviderName,
} from '../../../contract/payments.contract.ts';
import type { PaymentsConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { conflict, HttpError, notFound, validationFailed } from '../../lib/http-error.ts';
import { purchaseCredits, takeBackCredits } from '../credits/ledger.ts';
import * as repo from './payments.repository.ts';
import type { OrderRow } from './payments.repository.ts';
import type { PaymentProvider } from './providers.ts';
import { bankTransferFor } from './bank-accounts.ts';

export type PaymentDeps = {
  db: Db;
  config: PaymentsConfig;
  publicUrl: string;
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** Pending orders nobody paid expire: a bank transfer after a week, a Checkout Session after a day. */
const MANUAL_EXPIRY_MS = 7 * 24 * 3_600_000;
const STRIPE_EXPIRY_MS = 25 * 3_600_000;

/** Providers that take orders now, the default first (Stripe when configured). */
export function availableProviders(deps: Pick<PaymentDeps, 'providers'>): ProviderName[] {
  const names: ProviderName[] = [];
  if (deps.providers.stripe) names.push('stripe');
  if (deps.providers.manual) names.push('manual');
  return names;
}

const settled = () => conflict({ status: 'validation.orderSettled' }, 'The order is already settled');

/** The tax on a price in minor units, rounded half up. */
export function taxOf(subtotal: number, vatPercent: number): number {
  return Math.round((subtotal * vatPercent) / 100);
}

export async function createOrder(deps: PaymentDeps, user: User, body: CreateOrderRequest) {
  const { db } = deps;
  const settings = await repo.readSettings(db);
  let credits: number;
  let subtotal: number;
  let currency: OrderRow['currency'];
  let packageId: string | null = null;
  let description: string;
  const language = body.language ?? 'ar';
  if (body.package_id !== undefined) {
    const found = await repo.findPackage(db, body.package_id);
    // A hidden package is not for sale, whoever asks.
    if (!found || found.hidden === 1) throw validationFailed({ package_id: validationKeys.invalid });
    credits = Number(found.credits);
    subtotal = Number(found.price);
    currency = found.currency;
    packageId = found.id;
    description = language === 'ar' ? found.name_ar : found.name_en;
  } else {
    const perCredit = settings.custom_price_per_credit;
    if (perCredit === null) throw validationFailed({ credits: 'validation.customAmountOff' });
    credits = body.credits!;
    if (credits < Number(settings.custom_min_credits))
      throw validationFailed({ credits: validationKeys.invalid });
    subtotal = credits * Number(perCredit);
    if (!Number.isSafeInteger(subtotal)) throw validationFailed({ credits: validationKeys.invalid });
    currency = settings.custom_currency;
    description = `${credits} credits`;
  }
  const providerName = body.provider ?? availableProviders(deps)[0];
  const provider = providerName ? deps.providers[providerName] : undefined;
  if (!provider) throw validationFailed({ provider: 'validation.providerUnavailable' });

  const tax = taxOf(subtotal, deps.config.vatPercent);
  const stamp = deps.now().toISOString();
  const row: OrderRow = {
    id: randomUUID(),
    user_id: user.id,
    package_id: packageId,
    credits,
    subtotal,
    tax,
    amount: subtotal + tax,
    currency,
    provider: provider.name,
    status: 'pending',
    provider_ref: null,
    checkout_url: null,
    language,
    receipt_upload_id: null,
    reason: null,
    decided_by: null,
    invoice_number: null,
    refunded_credits: null,
    paid_at: null,
    settled_at: null,
    created_at: stamp,
    updated_at: stamp,
  };
  await repo.insertOrder(db, row);
  let started: Awaited<ReturnType<PaymentProvider['begin']>>;
  try {
    started = await provider.begin(row, { publicUrl: deps.publicUrl, description });
  } catch (error) {
    deps.log.error({ err: error, order: row.id }, 'payment provider refused the order');
    await repo.transitionOrder(db, row.id, ['pending'], {
      status: 'failed',
      reason: 'provider_error',
      settled_at: stamp,
      updated_at: stamp,
    });
    throw new HttpError(
      503,
      errorCodes.unavailable,
      'The payment provider is not available; try again shortly',
    );
  }
  await db
    .updateTable('payment_orders')
    .set({ provider_ref: started.providerRef, checkout_url: started.checkoutUrl })
    .where('id', '=', row.id)
    .execute();
  return repo.toOrder({
    ...row,
    provider_ref: started.providerRef,
    checkout_url: started.checkoutUrl,
    username: user.username,
  });
}

/**
 * Marks a pending order paid and grants its credits, in one transaction: the guarded transition
 * lets exactly one caller through, and only that caller takes an invoice number and writes the
 * ledger row (whose unique (order_id, kind) index is the last line of defence). Answers the paid
 * row, or undefined when the order was not pending.
 */
export async function settlePaid(
  db: Db,
  orderId: string,
  input: { now: string; decidedBy: string | null },
): Promise<OrderRow | undefined> {
  return db.transaction().execute((trx) => settlePaidIn(trx, orderId, input));
}

/** settlePaid inside a transaction the caller holds (the webhook records its event in it too). */
export async function settlePaidIn(
  trx: Db,
  orderId: string,
  input: { now: string; decidedBy: string | null },
): Promise<OrderRow | undefined> {
  const paid = await repo.transitionOrder(trx, orderId, ['pending'], {
    status: 'paid',
    paid_at: input.now,
    settled_at: input.now,
    decided_by: input.decidedBy,
    updated_at: input.now,
  });
  if (!paid) return undefined;
  const invoice = await repo.nextInvoiceNumber(trx);
  await trx
    .updateTable('payment_orders')
    .set({ invoice_number: invoice })
    .where('id', '=', orderId)
    .execute();
  await purchaseCredits(trx, { userId: paid.user_id, amount: Number(paid.credits), orderId, now: input.now });
  return { ...paid, invoice_number: invoice };
}

export async function visibleOrder(db: Db, viewer: User, id: string) {
  const row = await repo.findOrder(db, id);
  // Someone else's order does not exist for a sender (no hint that the id is real).
  if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id)) throw notFound('Order');
  return row;
}

export async function expireStale(deps: Pick<PaymentDeps, 'db' | 'now'>) {
  const now = deps.now();
  const stamp = now.toISOString();
  await deps.db
    .updateTable('payment_orders')
    .set({ status: 'expired', settled_at: stamp, updated_at: stamp })
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('provider', '=', 'manual'),
          eb('created_at', '<', new Date(now.getTime() - MANUAL_EXPIRY_MS).toISOString()),
        ]),
        eb.and([
          eb('provider', '=', 'stripe'),
          eb('created_at', '<', new Date(now.getTime() - STRIPE_EXPIRY_MS).toISOString()),
        ]),
      ]),
    )
    .execute();
}

export async function getOrder(deps: PaymentDeps, viewer: User, id: string) {
  await expireStale(deps);
  const row = await visibleOrder(deps.db, viewer, id);
  const owner = await deps.db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  return {
    ...repo.toOrder(row),
    balance: owner ? Number(owner.quota) - Number(owner.used_quota) : 0,
    bank_transfer: row.status === 'pending' ? await bankTransferFor(deps.db, row) : null,
  };
}

export async function markPaid(deps: PaymentDeps, admin: User, id: string) {
  const row = await visibleOrder(deps.db, admin, id);
  if (row.provider !== 'manual')
    throw conflict({ provider: 'validation.providerDecides' }, 'The provider settles this order');
  const paid = await settlePaid(deps.db, id, { now: deps.now().toISOString(), decidedBy: admin.id });
  if (!paid) throw settled();
  return repo.toOrder({ ...paid, username: row.username });
}

async function decide(
  deps: PaymentDeps,
  id: string,
  to: OrderStatus,
  changes: { reason?: string | null; decided_by?: string | null },
) {
  const stamp = deps.now().toISOString();
  const from = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((state) =>
    ORDER_TRANSITIONS[state].includes(to),
  );
  const row = await repo.transitionOrder(deps.db, id, from, {
    status: to,
    settled_at: stamp,
    updated_at: stamp,
    ...changes,
  });
  if (!row) throw settled();
  return row;
}

export async function rejectOrder(deps: PaymentDeps, admin: User, id: string, reason: string) {
  const row = await visibleOrder(deps.db, admin, id);
  if (row.provider !== 'manual')
    throw conflict({ provider: 'validation.providerDecides' }, 'The provider settles this order');
  const rejected = await decide(deps, id, 'failed', { reason, decided_by: admin.id });
  return repo.toOrder({ ...rejected, username: row.username });
}

export async function cancelOrder(deps: PaymentDeps, viewer: User, id: string) {
  const row = await visibleOrder(deps.db, viewer, id);
  const cancelled = await decide(deps, id, 'cancelled', {});
  return repo.toOrder({ ...cancelled, username: row.username });
}

/**
 * Refunds a paid order: the state moves to refunded and the order's credits are taken back in
 * the same transaction, never below zero: refunded_credits says how many could be taken.
 */
export async function refundOrder(deps: PaymentDeps, admin: User, id: string, reason: string | undefined) {
  const row = await visibleOrder(deps.db, admin, id);
  const stamp = deps.now().toISOString();
  const refunded = await deps.db.transaction().execute(async (trx) => {
    const moved = await repo.transitionOrder(trx, id, ['paid'], {
      status: 'refunded',
      updated_at: stamp,
      decided_by: admin.id,
      ...(reason ? { reason } : {}),
    });
    if (!moved) return undefined;
    const taken = await takeBackCredits(trx, {
      userId: moved.user_id,
      amount: Number(moved.credits),
      orderId: id,
      reason: reason || `refund of order ${id}`,
      createdBy: admin.id,
      now: stamp,
    });
    await trx.updateTable('payment_orders').set({ refunded_credits: taken }).where('id', '=', id).execute();
    return { ...moved, refunded_credits: taken };
  });
  if (!refunded) throw conflict({ status: 'validation.orderNotPaid' }, 'Only a paid order can be refunded');
  return { order: repo.toOrder({ ...refunded, username: row.username }), language: row.language };
}

export async function invoiceOf(deps: PaymentDeps, viewer: User, id: string) {
  const row = await visibleOrder(deps.db, viewer, id);
  // A pending order has a pro-forma (number and date to come) to pay by; a failed, expired or
  // cancelled one has nothing to invoice.
  const pending = row.status === 'pending';
  if (!pending && (row.invoice_number === null || row.paid_at === null)) throw notFound('Invoice');
  const settings = await repo.readSettings(deps.db);
  const buyer = await deps.db
    .selectFrom('users')
    .select(['username', 'email', 'organization'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  const pkg = row.package_id ? await repo.findPackage(deps.db, row.package_id) : undefined;
  return {
    invoice_number: row.invoice_number === null ? null : Number(row.invoice_number),
    issued_at: row.paid_at,
    language: row.language,
    seller: {
      name: settings.seller_name,
      address: settings.seller_address,
      tax_number: settings.seller_tax_number,
    },
    buyer: {
      username: buyer?.username ?? row.username ?? '',
      email: buyer?.email ?? '',
      organization: buyer?.organization ?? null,
    },
    order: repo.toOrder(row),
    package_name_ar: pkg?.name_ar ?? null,
    package_name_en: pkg?.name_en ?? null,
    vat_percent:
      Number(row.subtotal) > 0 ? Math.round((Number(row.tax) * 10_000) / Number(row.subtotal)) / 100 : 0,
    bank_transfer: pending ? await bankTransferFor(deps.db, row) : null,
  };
}

type CheckoutSession = Stripe.Checkout.Session;

/**
 * One verified Stripe event. Recorded by id in the transaction that acts on it, so a replay (or
 * the same event delivered twice at once) changes nothing. Credits move only when the session's
 * amount and currency are the order's.
 */
export async function handleStripeEvent(
  deps: Pick<PaymentDeps, 'db' | 'log' | 'now'>,
  event: Stripe.Event,
): Promise<'handled' | 'replay' | 'ignored'> {
  const stamp = deps.now().toISOString();
  const outcome: Partial<Record<string, OrderStatus>> = {
    'checkout.session.completed': 'paid',
    'checkout.session.async_payment_succeeded': 'paid',
    'checkout.session.async_payment_failed': 'failed',
    'checkout.session.expired': 'expired',
  };
  let target = outcome[event.type];
  const session = (target ? event.data.object : null) as CheckoutSession | null;
  // A completed session paid later (bank debits) stays pending until async_payment_succeeded.
  if (event.type === 'checkout.session.completed' && session && session.payment_status === 'unpaid') {
    target = undefined;
  }
  const orderId = session?.metadata?.order_id ?? session?.client_reference_id ?? null;
  return deps.db.transaction().execute(async (trx) => {
    const fresh = await repo.recordEvent(trx, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      orderId,
      now: stamp,
    });
    if (!fresh) return 'replay';
    if (!target || !session || !orderId) return 'ignored';
    const order = await trx
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (
      !order ||
      order.provider !== 'stripe' ||
      (order.provider_ref !== null && order.provider_ref !== session.id)
    ) {
      deps.log.warn({ event: event.id, order: orderId }, 'stripe event for an unknown order');
      return 'ignored';
    }
    if (target === 'paid') {
      if (
        session.amount_total !== Number(order.amount) ||
        session.currency?.toUpperCase() !== order.currency
      ) {
        deps.log.error({ event: event.id, order: orderId }, 'stripe session amount differs from the order');
        return 'ignored';
      }
      const paid = await settlePaidIn(trx, orderId, { now: stamp, decidedBy: null });
      return paid ? 'handled' : 'ignored';
    }
    const moved = await repo.transitionOrder(trx, orderId, ['pending'], {
      status: target,
      settled_at: stamp,
      updated_at: stamp,
    });
    return moved ? 'handled' : 'ignored';
  });
}
