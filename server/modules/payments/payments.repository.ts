import { sql } from 'kysely';
import type { Order, OrderTotals } from '../../../contract/payments.contract.ts';
import type {
  Db,
  OrderStatus,
  PaymentCurrency,
  PaymentOrdersTable,
  PaymentPackagesTable,
  PaymentProviderName,
} from '../../db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

export type PackageRow = Selectable<PaymentPackagesTable>;
export type OrderRow = Selectable<PaymentOrdersTable>;

// Timestamps are stored as UTC ISO text: a bound given with an offset is compared in UTC too.
const utc = (value: string) => new Date(value).toISOString();

export async function listPackages(db: Db, includeHidden: boolean): Promise<PackageRow[]> {
  let query = db.selectFrom('payment_packages').selectAll();
  if (!includeHidden) query = query.where('hidden', '=', 0);
  return query.orderBy('currency').orderBy('price').orderBy('id').execute();
}

export async function findPackage(db: Db, id: string): Promise<PackageRow | undefined> {
  return db.selectFrom('payment_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPackage(db: Db, row: PackageRow): Promise<PackageRow> {
  await db.insertInto('payment_packages').values(row).execute();
  return row;
}

export async function updatePackage(
  db: Db,
  id: string,
  changes: Partial<Omit<PackageRow, 'id' | 'created_at'>>,
): Promise<PackageRow | undefined> {
  return db
    .updateTable('payment_packages')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function readSettings(db: Db) {
  return db.selectFrom('payment_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function insertOrder(db: Db, row: Insertable<PaymentOrdersTable>): Promise<void> {
  await db.insertInto('payment_orders').values(row).execute();
}

function orderColumns(db: Db) {
  return db
    .selectFrom('payment_orders')
    .leftJoin('users', 'users.id', 'payment_orders.user_id')
    .selectAll('payment_orders')
    .select('users.username as username');
}

export async function findOrder(
  db: Db,
  id: string,
): Promise<(OrderRow & { username: string | null }) | undefined> {
  return orderColumns(db).where('payment_orders.id', '=', id).executeTakeFirst();
}

export async function findOrderByProviderRef(
  db: Db,
  provider: PaymentProviderName,
  ref: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

export type OrderFilter = {
  userId?: string | undefined;
  status?: OrderStatus | undefined;
  provider?: PaymentProviderName | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
};

function filtered(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('payment_orders').leftJoin('users', 'users.id', 'payment_orders.user_id');
  if (filter.userId) query = query.where('payment_orders.user_id', '=', filter.userId);
  if (filter.status) query = query.where('payment_orders.status', '=', filter.status);
  if (filter.provider) query = query.where('payment_orders.provider', '=', filter.provider);
  if (filter.from) query = query.where('payment_orders.created_at', '>=', utc(filter.from));
  if (filter.to) query = query.where('payment_orders.created_at', '<=', utc(filter.to));
  if (filter.search) {
    const term = filter.search.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        eb('payment_orders.id', '=', filter.search!),
        eb(eb.fn('lower', ['users.username']), '=', term),
        eb('users.email', '=', term),
      ]),
    );
  }
  return query;
}

export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { offset: number; limit: number; orderBy: 'created_at' | 'amount'; descending: boolean },
): Promise<{ count: number; results: (OrderRow & { username: string | null })[]; totals: OrderTotals[] }> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const direction = page.descending ? 'desc' : 'asc';
  const results = await filtered(db, filter)
    .selectAll('payment_orders')
    .select('users.username as username')
    .orderBy(`payment_orders.${page.orderBy}`, direction)
    .orderBy('payment_orders.id', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  // Money that came in: paid orders (refunded ones were paid back).
  const totals = await filtered(db, filter)
    .where('payment_orders.status', '=', 'paid')
    .select([
      'payment_orders.currency',
      (eb) => eb.fn.countAll<number | string>().as('count'),
      (eb) => eb.fn.sum<number | string>('payment_orders.amount').as('amount'),
      (eb) => eb.fn.sum<number | string>('payment_orders.credits').as('credits'),
    ])
    .groupBy('payment_orders.currency')
    .orderBy('payment_orders.currency')
    .execute();
  return {
    count: Number(count),
    results,
    totals: totals.map((row) => ({
      currency: row.currency as PaymentCurrency,
      count: Number(row.count),
      amount: Number(row.amount),
      credits: Number(row.credits),
    })),
  };
}

/**
 * The one way an order's state moves: a conditional UPDATE from the states `from` allows. Two
 * decisions at once never both win: the database serialises the writes to the row and the
 * second finds the state already changed. Answers the updated row, or undefined when the order
 * was not in one of `from`.
 */
export async function transitionOrder(
  db: Db,
  id: string,
  from: readonly OrderStatus[],
  changes: Partial<Omit<OrderRow, 'id' | 'user_id' | 'created_at'>> & {
    status: OrderStatus;
    updated_at: string;
  },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('payment_orders')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/** The next invoice number; in the transaction that marks the order paid, so numbers have no gaps. */
export async function nextInvoiceNumber(db: Db): Promise<number> {
  const row = await db
    .updateTable('payment_counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'invoice')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Records a provider event; false when it was handled before (a replay). */
export async function recordEvent(
  db: Db,
  event: {
    provider: PaymentProviderName;
    eventId: string;
    type: string;
    orderId: string | null;
    now: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      order_id: event.orderId,
      created_at: event.now,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Pending orders older than `before` expire (the payer never came back). */
export async function expireOrders(db: Db, before: string, now: string): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status: 'expired', settled_at: now, updated_at: now })
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .execute();
}

export function toOrder(row: OrderRow & { username?: string | null }): Order {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username ?? null,
    package_id: row.package_id,
    status: row.status,
    credits: Number(row.credits),
    subtotal: Number(row.subtotal),
    tax: Number(row.tax),
    amount: Number(row.amount),
    currency: row.currency,
    provider: row.provider,
    checkout_url: row.checkout_url,
    receipt_upload_id: row.receipt_upload_id,
    reason: row.reason,
    invoice_number: row.invoice_number === null ? null : Number(row.invoice_number),
    refunded_credits: row.refunded_credits === null ? null : Number(row.refunded_credits),
    paid_at: row.paid_at,
    settled_at: row.settled_at,
    created_at: row.created_at,
  };
}

export function toPackage(row: PackageRow) {
  return {
    id: row.id,
    name_ar: row.name_ar,
    name_en: row.name_en,
    credits: Number(row.credits),
    price: Number(row.price),
    currency: row.currency,
    hidden: row.hidden === 1,
    created_at: row.created_at,
  };
}
