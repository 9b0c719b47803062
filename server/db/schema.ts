import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The typed shape of the database, one interface per table (Kysely's example layout).
 * Portable on purpose: ids are UUID text made in code, timestamps are ISO-8601 UTC text made in
 * code (they sort and compare correctly as strings), booleans are integer 0/1 columns that the
 * repositories turn into real booleans.
 */

export interface UsersTable {
  id: string;
  username: string;
  /** Always stored lower-cased, so e-mail sign-in and uniqueness are case-insensitive. */
  email: string;
  organization: string | null;
  password_hash: string;
  role: 'admin' | 'sender';
  is_active: number;
  quota: Generated<number>;
  used_quota: Generated<number>;
  sender_name: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per sign-in; revoking it ends every token issued for that sign-in. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Failed sign-ins per key, kept in the database so every server process shares the limit. */
export interface LoginFailuresTable {
  key: string;
  count: number;
  window_started_at: string;
}

export interface ThemesTable {
  id: string;
  name: string;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  themes: ThemesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ThemeRow = Selectable<ThemesTable>;
