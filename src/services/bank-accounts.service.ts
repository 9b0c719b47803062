import {
  bankAccountEndpoints,
  type BankAccount,
  type SaveBankAccount,
} from '../../contract/bank-accounts.contract.ts';
import type { Currency } from '../../contract/payments.contract.ts';
import type { Call } from './http.ts';

/** Administrators: the bank-transfer account of each currency (issue 37). */
export const listBankAccounts = async (call: Call, signal?: AbortSignal): Promise<BankAccount[]> =>
  (await call(bankAccountEndpoints.list, {}, signal)).results;

export const saveBankAccount = (call: Call, currency: Currency, body: SaveBankAccount) =>
  call(bankAccountEndpoints.save, { params: { currency }, body });

export const removeBankAccount = (call: Call, currency: Currency) =>
  call(bankAccountEndpoints.remove, { params: { currency } });
