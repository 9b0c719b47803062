import type { FastifyInstance } from 'fastify';
import { bankAccountEndpoints, type BankAccount } from '../../../contract/bank-accounts.contract.ts';
import type { BankTransfer } from '../../../contract/payments.contract.ts';
import type { Db, PaymentCurrency, PaymentProviderName } from '../../db/schema.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';

/** The short number a buyer quotes for an order (the result page shows the same). */
export const orderReference = (orderId: string) => orderId.slice(0, 8).toUpperCase();

export async function listBankAccounts(db: Db): Promise<BankAccount[]> {
  const rows = await db
    .selectFrom('payment_bank_accounts')
    .select(['currency', 'bank_name', 'iban', 'beneficiary', 'reference_prefix'])
    .orderBy('currency')
    .execute();
  return rows;
}

/**
 * The instructions an order shows: only a bank-transfer order, and only once the administrator
 * has an account in its currency (an account in another currency would take the wrong money).
 */
export async function bankTransferFor(
  db: Db,
  order: { id: string; provider: PaymentProviderName; currency: PaymentCurrency },
): Promise<BankTransfer | null> {
  if (order.provider !== 'manual') return null;
  const account = await db
    .selectFrom('payment_bank_accounts')
    .selectAll()
    .where('currency', '=', order.currency)
    .executeTakeFirst();
  if (!account) return null;
  return {
    bank_name: account.bank_name,
    iban: account.iban,
    beneficiary: account.beneficiary,
    reference: `${account.reference_prefix}${orderReference(order.id)}`,
  };
}

/** Administrators' endpoints (access 'admin' in the contract; the auth hook enforces it). */
export function bankAccountRoutes(app: FastifyInstance) {
  const { db } = app;
  route(app, bankAccountEndpoints.list, async () => ({ results: await listBankAccounts(db) }));

  route(app, bankAccountEndpoints.save, async (request) => {
    const { currency } = request.params;
    const values = { ...request.body, updated_at: app.now().toISOString() };
    // ON CONFLICT ... DO UPDATE: the same statement on SQLite and PostgreSQL, and no race.
    await db
      .insertInto('payment_bank_accounts')
      .values({ currency, ...values })
      .onConflict((conflict) => conflict.column('currency').doUpdateSet(values))
      .execute();
    return { currency, ...request.body };
  });

  route(app, bankAccountEndpoints.remove, async (request) => {
    const removed = await db
      .deleteFrom('payment_bank_accounts')
      .where('currency', '=', request.params.currency)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('Bank account');
  });
}
