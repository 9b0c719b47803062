import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  apiScopeSchema,
  type ApiKey,
  type ApiScope,
  type CreatedApiKey,
} from '../../../contract/api-keys.contract.ts';
import type { User } from '../../../contract/auth.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { offsetOf, type ListQuery, type Page } from '../../../contract/list.contract.ts';
import type { Db } from '../../db/schema.ts';
import { notFound, validationFailed } from '../../lib/http-error.ts';
import { uuid7 } from '../../lib/uuid7.ts';
import { isTwoFactorRequired } from '../security/security.repository.ts';
import { toUser } from '../users/users.repository.ts';
import * as repository from './api-keys.repository.ts';

type Deps = { db: Db; now: () => Date };

/** Characters of the key shown in lists: `eln_` and the first 8 of the random part. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

function parseScopes(json: string): ApiScope[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((scope) => apiScopeSchema.safeParse(scope).success) : [];
}

function toApiKey(row: repository.ApiKeyWithOwner, twoFactorRequired: boolean): ApiKey {
  const paused = twoFactorRequired && row.owner_two_factor === null && row.revoked_at === null;
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    user: { id: row.user_id, username: row.username },
    paused_reason: paused ? 'two_factor_required' : null,
  };
}

export async function createApiKey(
  { db, now }: Deps,
  user: User,
  body: { name: string; scopes: ApiScope[]; expires_at?: string | null | undefined },
): Promise<CreatedApiKey> {
  const at = now();
  let expiresAt: string | null = null;
  if (body.expires_at) {
    const expires = new Date(body.expires_at);
    if (expires.getTime() <= at.getTime()) throw validationFailed({ expires_at: validationKeys.invalid });
    expiresAt = expires.toISOString();
  }
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: repository.ApiKeyRow = {
    id: uuid7(at.getTime()),
    user_id: user.id,
    name: body.name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    key_hash: hashApiKey(key),
    scopes: JSON.stringify(body.scopes),
    expires_at: expiresAt,
    last_used_at: null,
    revoked_at: null,
    created_at: at.toISOString(),
  };
  await repository.insertApiKey(db, row);
  return {
    id: row.id,
    name: row.name,
    key,
    scopes: body.scopes,
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}

/** A user's own keys; administrators see everyone's. */
export async function listApiKeys(
  { db }: Deps,
  user: User,
  query: ListQuery<repository.ApiKeyOrdering>,
): Promise<Page<ApiKey>> {
  const ordering = query.ordering ?? '-created_at';
  const { count, rows } = await repository.listApiKeys(
    db,
    { ownerId: user.role === 'admin' ? undefined : user.id, search: query.search },
    {
      offset: offsetOf(query),
      limit: query.page_size,
      orderBy: ordering.replace(/^-/, '') as repository.ApiKeyOrdering,
      descending: ordering.startsWith('-'),
    },
  );
  const required = await isTwoFactorRequired(db);
  return { count, results: rows.map((row) => toApiKey(row, required)) };
}

/** The owner or an administrator revokes; anyone else is told the key does not exist. */
export async function revokeApiKey({ db, now }: Deps, user: User, id: string): Promise<void> {
  const key = await repository.findApiKey(db, id);
  if (!key || (key.user_id !== user.id && user.role !== 'admin')) throw notFound('API key');
  await repository.revokeApiKey(db, id, now());
}

/** `hasTwoFactor`: whether the owner has two-step sign-in set up (a requirement may stop the key). */
export type KeyAuth = { user: User; keyId: string; scopes: ApiScope[]; hasTwoFactor: boolean };

/**
 * The user a v1 request acts as: the key must exist, be neither revoked nor expired, and belong
 * to an active user. Every check reads the database, so revoking or disabling works at once.
 */
export async function authenticateApiKey(db: Db, token: string, now: Date): Promise<KeyAuth | null> {
  if (!looksLikeApiKey(token)) return null;
  const row = await repository.findKeyUser(db, hashApiKey(token));
  if (!row || row.key.revoked_at !== null || row.is_active !== 1) return null;
  if (row.key.expires_at !== null && row.key.expires_at <= now.toISOString()) return null;
  await repository.touchApiKey(db, row.key.id, now);
  const { key, ...user } = row;
  return {
    user: toUser(user),
    keyId: key.id,
    scopes: parseScopes(key.scopes),
    hasTwoFactor: user.two_factor_secret !== null,
  };
}
