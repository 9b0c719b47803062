import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The uploads cleanup asks, for every upload it would remove, whether a recharge order keeps it
 * as its receipt (issue 19): this index answers that without reading every order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payment_orders_receipt_index')
    .on('payment_orders')
    .column('receipt_upload_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_orders_receipt_index').execute();
}
