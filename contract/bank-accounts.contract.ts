import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { currencySchema } from './payments.contract.ts';

/**
 * Bank-transfer instructions (issue 37): administrators keep one account per currency; an
 * order paid by transfer shows its currency's account and the reference the buyer quotes
 * (the account's prefix and the order's number), on the order and on its invoice.
 */
const text = (max: number) => z.string().trim().max(max, validationKeys.tooLong);
const required = (max: number) => text(max).min(1, validationKeys.required);

/**
 * An IBAN as people write it (spaces, lower case) is stored compact and upper case; the
 * country code, check digits and ISO 13616 mod-97 check catch a mistyped one before a buyer
 * sends money to it.
 */
export const ibanSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value.length > 0, validationKeys.required)
  .refine((value) => /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value) && ibanChecksumHolds(value), {
    message: 'validation.ibanInvalid',
  });

export function ibanChecksumHolds(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const bankAccountSchema = z.object({
  currency: currencySchema,
  bank_name: z.string(),
  iban: z.string(),
  beneficiary: z.string(),
  reference_prefix: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const saveBankAccountSchema = z.object({
  bank_name: required(120),
  iban: ibanSchema,
  beneficiary: required(200),
  reference_prefix: text(20).default(''),
});
export type SaveBankAccount = z.input<typeof saveBankAccountSchema>;

const currencyParams = z.object({ currency: currencySchema });

export const bankAccountEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/payments/bank-accounts/',
    access: 'admin',
    status: 200,
    response: z.object({ results: z.array(bankAccountSchema) }),
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/payments/bank-accounts/:currency/',
    access: 'admin',
    params: currencyParams,
    body: saveBankAccountSchema,
    status: 200,
    response: bankAccountSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/payments/bank-accounts/:currency/',
    access: 'admin',
    params: currencyParams,
    status: 204,
    response: z.void(),
  }),
};
