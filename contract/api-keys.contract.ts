import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';

/**
 * API keys: what a shop, a CRM or a script uses to call the HTTP v1 API (`/api/v1/...`) without
 * a browser session. A key is `eln_` and 43 random base64url characters; the server keeps only
 * its SHA-256, so the key is shown once, in the answer that creates it.
 */
export const API_KEY_PREFIX = 'eln_';

// Built from their parts so that no scope reads like an i18n key (`namespace:key`) to the
// locale checks: the templates write scope is not a text of the templates namespace.
const scopeOf = <const Area extends string, const Action extends string>(area: Area, action: Action) =>
  `${area}:${action}` as `${Area}:${Action}`;

/** What a key may do on /api/v1; each v1 endpoint names the one scope it needs. */
export const API_SCOPES = [
  'send',
  'read',
  scopeOf('lists', 'write'),
  scopeOf('templates', 'write'),
  'webhooks',
] as const;
export const [SEND, READ, LISTS_WRITE, TEMPLATES_WRITE, WEBHOOKS] = API_SCOPES;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScopeSchema>;

export const MAX_API_KEY_NAME = 100;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, validationKeys.required).max(MAX_API_KEY_NAME, validationKeys.tooLong),
  scopes: z
    .array(apiScopeSchema)
    .min(1, validationKeys.required)
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** ISO date-time; the key stops working then. Absent or null: it never expires. */
  expires_at: z.iso.datetime({ offset: true, message: validationKeys.invalid }).nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key (`eln_AbCd`), enough to recognise it, never to use it. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  /** The key's owner: administrators list everyone's keys. */
  user: z.object({ id: z.string(), username: z.string() }),
  /**
   * Why a key that is neither revoked nor expired does not work now: `two_factor_required` while
   * an administrator requires two-step sign-in and the owner has not set it up. Null otherwise.
   */
  paused_reason: z.enum(['two_factor_required']).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The one answer that carries the key itself. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  scopes: z.array(apiScopeSchema),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListQuerySchema = listQuerySchema(['created_at', 'name', 'last_used_at']);

export const apiKeyEndpoints = {
  /** A user's own keys; administrators see every user's. */
  list: defineEndpoint({
    method: 'GET',
    path: '/keys/',
    access: 'user',
    query: apiKeyListQuerySchema,
    status: 200,
    response: pageSchema(apiKeySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/keys/',
    access: 'user',
    body: createApiKeySchema,
    status: 201,
    response: createdApiKeySchema,
  }),
  /** Revokes the key at once (the row stays, so the list shows when it was revoked). */
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/keys/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
};
