import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Payments (issue 19): credit packages, recharge orders paid through a provider, processed
 * provider events (webhook idempotency), invoice numbering, the manual provider's and the
 * seller's settings, and the credit alert. Credits become 64-bit on PostgreSQL (SQLite's
 * integers already are): a top-up past 2^31 no longer fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  if (postgres) {
    await sql`alter table users alter column quota type bigint, alter column used_quota type bigint`.execute(
      db,
    );
    await sql`alter table credit_ledger alter column amount type bigint,
      alter column balance_after type bigint`.execute(db);
  }

  // The order a paid order's credits came from (or were taken back for); null for other movements.
  await db.schema.alterTable('credit_ledger').addColumn('order_id', 'text').execute();
  // Exactly once per order and direction, whatever code path tries a second time.
  await sql`create unique index credit_ledger_order_once on credit_ledger (order_id, kind)
    where order_id is not null`.execute(db);

  // 0 = off. credit_alert_sent_at is set when the alert mail goes out and cleared when the
  // balance is back at or above the threshold: one mail per crossing.
  await db.schema
    .alterTable('users')
    .addColumn('credit_alert_threshold', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`credit_alert_threshold >= 0`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('credit_alert_sent_at', 'text').execute();

  await db.schema
    .createTable('payment_packages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('credits', 'bigint', (col) => col.notNull().check(sql`credits > 0`))
    // In the currency's minor unit (halalas, piastres, fils, cents).
    .addColumn('price', 'bigint', (col) => col.notNull().check(sql`price > 0`))
    .addColumn('currency', 'text', (col) =>
      col.notNull().check(sql`currency in ('SAR', 'EGP', 'AED', 'USD')`),
    )
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('package_id', 'text', (col) => col.references('payment_packages.id').onDelete('set null'))
    .addColumn('credits', 'bigint', (col) => col.notNull().check(sql`credits > 0`))
    // Price before tax, tax, and what is charged (amount = subtotal + tax), in minor units.
    .addColumn('subtotal', 'bigint', (col) => col.notNull())
    .addColumn('tax', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('manual', 'stripe')`))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded')`),
    )
    // The provider's own id (a Checkout Session id) and where the payer goes to pay.
    .addColumn('provider_ref', 'text')
    .addColumn('checkout_url', 'text')
    // Language the order was placed in: its mails and invoice default to it.
    .addColumn('language', 'text', (col) => col.notNull())
    // An uploaded image of the bank-transfer receipt (manual provider).
    .addColumn('receipt_upload_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('invoice_number', 'bigint', (col) => col.unique())
    .addColumn('refunded_credits', 'bigint')
    .addColumn('paid_at', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_orders_user_index')
    .on('payment_orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payment_orders_status_index')
    .on('payment_orders')
    .columns(['status', 'created_at'])
    .execute();
  await sql`create unique index payment_orders_provider_ref on payment_orders (provider, provider_ref)
    where provider_ref is not null`.execute(db);

  // Every provider event handled, by its id: a replayed webhook changes nothing.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  // Named counters moved by one conditional UPDATE each (invoice numbers are gapless per commit).
  await db.schema
    .createTable('payment_counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto('payment_counters').values({ name: 'invoice', value: 0 }).execute();

  // One row: the manual provider's bank-transfer instructions, custom amounts, and the seller
  // printed on invoices.
  await db.schema
    .createTable('payment_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('bank_instructions_ar', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bank_instructions_en', 'text', (col) => col.notNull().defaultTo(''))
    // Price of one credit in minor units for a custom amount; null: only packages can be bought.
    .addColumn('custom_price_per_credit', 'bigint')
    .addColumn('custom_currency', 'text', (col) => col.notNull().defaultTo('SAR'))
    .addColumn('custom_min_credits', 'bigint', (col) => col.notNull().defaultTo(1))
    .addColumn('seller_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('seller_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('seller_tax_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'text')
    .execute();
  await db.insertInto('payment_settings').values({ id: 1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('payment_settings').execute();
  await db.schema.dropTable('payment_counters').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_orders').execute();
  await db.schema.dropTable('payment_packages').execute();
  await db.schema.alterTable('users').dropColumn('credit_alert_sent_at').execute();
  await db.schema.alterTable('users').dropColumn('credit_alert_threshold').execute();
  await sql`drop index credit_ledger_order_once`.execute(db);
  await db.schema.alterTable('credit_ledger').dropColumn('order_id').execute();
  if (postgres) {
    await sql`alter table credit_ledger alter column amount type integer,
      alter column balance_after type integer`.execute(db);
    await sql`alter table users alter column quota type integer, alter column used_quota type integer`.execute(
      db,
    );
  }
}
