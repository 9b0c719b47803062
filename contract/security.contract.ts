import { z } from 'zod';
import { loginResponseSchema } from './auth.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';

/**
 * Settings -> Security (issue 21): two-factor sign-in with an authenticator app (TOTP, RFC 6238)
 * and one-time recovery codes, the account's active sessions, its sign-in history, and the
 * administrators' rule that everyone must use two-factor sign-in.
 */

/** Six digits from the app; spaces people type between the groups are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, validationKeys.invalidCode));

/** As shown: ten characters in two groups (`abcde-fghij`); case, spaces and dashes are ignored. */
export const recoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, validationKeys.invalidCode));

export const RECOVERY_CODES_COUNT = 10;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An administrator requires two-factor sign-in of everyone. */
  required: z.boolean(),
  /** Unused recovery codes left (0 when two-factor sign-in is off). */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/... : what the QR code holds. */
  otpauth_url: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const enableTwoFactorSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const disableTwoFactorSchema = z.object({
  password: z.string().min(1, validationKeys.required).max(1024, validationKeys.tooLong),
  /** A code from the app, or one of the recovery codes. */
  code: z.string().trim().min(1, validationKeys.required).max(32, validationKeys.invalidCode),
});

/** The second step of a sign-in: the ticket and exactly one of the two kinds of code. */
export const loginTwoFactorSchema = z
  .object({
    ticket: z.string().min(1, validationKeys.required).max(200, validationKeys.invalid),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: validationKeys.required,
    path: ['code'],
  });
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  /** A short description made from the browser's User-Agent ("Chrome on Windows"). */
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request was made from. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const signInOutcomes = [
  'success',
  'wrong_password',
  'wrong_code',
  'recovery_code',
  'rate_limited',
  'inactive',
] as const;
export const signInSchema = z.object({
  id: z.string(),
  outcome: z.enum(signInOutcomes),
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
});
export type SignIn = z.infer<typeof signInSchema>;

/** Sign-ins are kept this long. */
export const SIGN_IN_HISTORY_DAYS = 90;

export const securitySettingsSchema = z.object({ require_two_factor: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securityEndpoints = {
  twoFactorStatus: defineEndpoint({
    method: 'GET',
    path: '/auth/2fa/',
    access: 'user',
    status: 200,
    response: twoFactorStatusSchema,
  }),
  /** A new secret, kept pending until `enable` proves the app has it. */
  setupTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/2fa/setup/',
    access: 'user',
    status: 200,
    response: twoFactorSetupSchema,
  }),
  /** Ten recovery codes, shown this once (only their hashes are kept). */
  enableTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/2fa/enable/',
    access: 'user',
    body: enableTwoFactorSchema,
    status: 200,
    response: recoveryCodesSchema,
  }),
  disableTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/2fa/disable/',
    access: 'user',
    body: disableTwoFactorSchema,
    status: 204,
    response: z.void(),
  }),
  /** Answers the usual sign-in (tokens and user) and sets the routing cookie. */
  loginTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/login/2fa/',
    access: 'public',
    body: loginTwoFactorSchema,
    status: 200,
    response: loginResponseSchema,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/auth/sessions/',
    access: 'user',
    status: 200,
    response: z.object({ count: z.number().int(), results: z.array(sessionInfoSchema) }),
  }),
  /** Signs one session out (the current one too, which is a sign-out). */
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
  /** Signs out every session but the current one. */
  endOtherSessions: defineEndpoint({
    method: 'DELETE',
    path: '/auth/sessions/',
    access: 'user',
    status: 200,
    response: z.object({ ended: z.number().int() }),
  }),
  /** The last 90 days, newest first, at most 200. */
  signIns: defineEndpoint({
    method: 'GET',
    path: '/auth/sign-ins/',
    access: 'user',
    status: 200,
    response: z.object({ count: z.number().int(), results: z.array(signInSchema) }),
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/control/security/',
    access: 'admin',
    status: 200,
    response: securitySettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PATCH',
    path: '/control/security/',
    access: 'admin',
    body: securitySettingsSchema,
    status: 200,
    response: securitySettingsSchema,
  }),
};
