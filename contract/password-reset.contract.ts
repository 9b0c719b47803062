import { z } from 'zod';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { passwordSchema, withConfirmation } from './password.contract.ts';

/** The reset link is valid for one hour (spec §9: "check within an hour"). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export const languageSchema = z.enum(['ar', 'en']);

export const forgotPasswordSchema = z.object({
  email: emailSchema,
  /** The e-mail is written in the language the person was using. */
  language: languageSchema.default('ar'),
});

const tokenSchema = z.string().min(16, validationKeys.invalid).max(128, validationKeys.invalid);

export const resetPasswordSchema = withConfirmation(
  z.object({ token: tokenSchema, password: passwordSchema, password_confirmation: z.string() }),
);

export const passwordResetEndpoints = {
  /** 404 errors.accountNotFound when no active account has the address (spec §8). */
  forgot: defineEndpoint({
    method: 'POST',
    path: '/auth/password/forgot/',
    access: 'public',
    body: forgotPasswordSchema,
    status: 200,
    response: z.object({ sent: z.literal(true) }),
  }),
  /** Checks a link before the form is shown: 400 errors.invalidResetLink when unknown, used or expired. */
  check: defineEndpoint({
    method: 'GET',
    path: '/auth/password/reset/:token/',
    access: 'public',
    params: z.object({ token: tokenSchema }),
    status: 200,
    response: z.object({ valid: z.literal(true) }),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/auth/password/reset/',
    access: 'public',
    body: resetPasswordSchema,
    status: 204,
    response: z.void(),
  }),
};
