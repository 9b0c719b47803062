import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code (see 2026-11-24-0020-sending.ts).
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Where a bank-transfer buyer sends the money, one account per currency (issue 37): an order
 * in SAR shows the SAR account. No row for a currency: its orders show no instructions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_bank_accounts')
    .addColumn('currency', 'text', (column) => column.primaryKey())
    .addColumn('bank_name', 'text', (column) => column.notNull())
    .addColumn('iban', 'text', (column) => column.notNull())
    .addColumn('beneficiary', 'text', (column) => column.notNull())
    .addColumn('reference_prefix', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_bank_accounts').execute();
}
