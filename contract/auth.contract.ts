import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';

export const roleSchema = z.enum(['admin', 'sender']);
export type Role = z.infer<typeof roleSchema>;

export { SESSION_COOKIE, SESSION_MARKERS } from './session-marker.ts';

/** `username` accepts the user name or the e-mail address. */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, validationKeys.required).max(254, validationKeys.tooLong),
  password: z.string().min(1, validationKeys.required).max(1024, validationKeys.tooLong),
  /** The interface language at sign-in: the account's security notices are written in it. */
  language: z.enum(['ar', 'en']).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  is_active: z.boolean(),
  organization: z.string().nullable(),
  sender_name: z.string().nullable(),
  quota: z.number().int(),
  used_quota: z.number().int(),
  remaining_quota: z.number().int(),
  /** Credit alert (issue 19): 0 = off; below it the user got one e-mail and sees a banner. */
  credit_alert_threshold: z.number().int().optional(),
});
export type User = z.infer<typeof userSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The password was right and the account has two-factor sign-in: no tokens yet. The ticket,
 * single use and valid for a few minutes, goes to POST /auth/login/2fa/ with the code.
 */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  ticket: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'two_factor_required' in answer && answer.two_factor_required === true;

export const refreshRequestSchema = z.object({ refresh: z.string().min(1, validationKeys.required) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** Logout works with the refresh token alone, so an expired access token never traps a user. */
export const logoutRequestSchema = z.object({ refresh: z.string().optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const authEndpoints = {
  /**
   * Also sets the elNamerEmailSender routing cookie. With two-factor sign-in on, answers the
   * challenge instead (no tokens, no cookie): see security.contract.ts loginTwoFactor.
   */
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login/',
    access: 'public',
    body: loginRequestSchema,
    status: 200,
    response: loginAnswerSchema,
  }),
  /** Refresh tokens rotate: the one sent is dead afterwards. */
  refresh: defineEndpoint({
    method: 'POST',
    path: '/auth/token/refresh/',
    access: 'public',
    body: refreshRequestSchema,
    status: 200,
    response: tokenPairSchema,
  }),
  /** Public so that a user whose access token has expired can still end the session. */
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout/',
    access: 'public',
    body: logoutRequestSchema,
    status: 204,
    response: z.void(),
  }),
  /** The signed-in user, with current quota figures. */
  userStatus: defineEndpoint({
    method: 'GET',
    path: '/auth/user-status',
    access: 'user',
    status: 200,
    response: userSchema,
  }),
};
