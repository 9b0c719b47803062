import { z } from 'zod';

/**
 * Every error the API returns has this body. `code` is an i18n key (errors.*) that the browser
 * translates; `message` is plain English for clients that do not translate; `fields` maps a
 * request field to an i18n key (validation.*) describing what is wrong with it.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error codes shared by server and browser. Each value is a key in src/i18n/locales/{ar,en}/common.json. */
export const errorCodes = {
  invalidCredentials: 'errors.invalidCredentials',
  inactiveAccount: 'errors.inactiveAccount',
  tooManyAttempts: 'errors.tooManyAttempts',
  network: 'errors.network',
  unauthorized: 'errors.unauthorized',
  sessionExpired: 'errors.sessionExpired',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  validation: 'errors.validation',
  conflict: 'errors.conflict',
  payloadTooLarge: 'errors.payloadTooLarge',
  unavailable: 'errors.unavailable',
  unexpected: 'errors.unexpected',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** Field-level validation keys used as zod messages in the contract schemas. */
export const validationKeys = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalid',
  hexColor: 'validation.hexColor',
  hexColorAlpha: 'validation.hexColorAlpha',
  nameTaken: 'validation.nameTaken',
  atLeastOneField: 'validation.atLeastOneField',
} as const;
