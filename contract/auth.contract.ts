import { z } from 'zod';
import { validationKeys } from './errors.contract.ts';

export const roleSchema = z.enum(['admin', 'sender']);
export type Role = z.infer<typeof roleSchema>;

/**
 * The browser's routing guards read this cookie (spec §4). It holds one of two fixed,
 * pre-hashed role markers. It is NOT a credential: the server never reads it and checks
 * every request's bearer token instead. It only tells the browser which screens to route to.
 */
export const SESSION_COOKIE = 'elNamerEmailSender';
export const SESSION_MARKERS = {
  admin: '7ecfcff522f17ad46deb5bce00e3a3b480eca3aa987b059c764695ebc1619e1d',
  sender: '7d313a794f5b95ce5e8f6b90a26d3f4f963f387867b28236844f45db79438c40',
} as const satisfies Record<Role, string>;

/** `username` accepts the user name or the e-mail address. */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, validationKeys.required).max(254, validationKeys.tooLong),
  password: z.string().min(1, validationKeys.required).max(1024, validationKeys.tooLong),
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
});
export type User = z.infer<typeof userSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string().min(1, validationKeys.required) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** Logout works with the refresh token alone, so an expired access token never traps a user. */
export const logoutRequestSchema = z.object({ refresh: z.string().optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
