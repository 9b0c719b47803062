import { z } from 'zod';
import { validationKeys } from './errors.contract.ts';

/**
 * The one password rule, for administrators creating users, users changing their own, and the
 * reset link: long enough, not a single kind of character, and not the account's own name.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, validationKeys.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, validationKeys.tooLong)
  .refine(
    (password) => /\p{L}/u.test(password) && /[\p{N}\p{P}\p{S}]/u.test(password),
    validationKeys.passwordWeak,
  );

/** Checked where the account is known: a password equal to its user name or e-mail is refused. */
export function isPasswordOfAccount(
  password: string,
  account: { username?: string; email?: string },
): boolean {
  const lowered = password.toLowerCase();
  return [account.username, account.email, account.email?.split('@')[0]].some(
    (name) => name !== undefined && name.length > 0 && lowered === name.toLowerCase(),
  );
}

/** `password` and `password_confirmation` must match (spec §3 Reset password). */
export function withConfirmation<Shape extends { password: z.ZodType; password_confirmation: z.ZodType }>(
  schema: z.ZodObject<Shape>,
) {
  return schema.refine(
    (body) => {
      const { password, password_confirmation } = body as {
        password: unknown;
        password_confirmation: unknown;
      };
      return password === password_confirmation;
    },
    {
      message: validationKeys.passwordMismatch,
      path: ['password_confirmation'],
    },
  );
}
