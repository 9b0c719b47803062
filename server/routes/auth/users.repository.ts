import type { Kysely } from 'kysely';
import type { User } from '../../../contract/auth.contract.ts';
import type { Database, UserRow } from '../../db/schema.ts';

type Db = Kysely<Database>;

export type NewUser = {
  username: string;
  email: string;
  passwordHash: string;
  role: User['role'];
  isActive?: boolean;
  organization?: string | null;
  senderName?: string | null;
  quota?: number;
};

export async function insertUser(db: Db, input: NewUser): Promise<UserRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      username: input.username,
      email: input.email.trim().toLowerCase(),
      password_hash: input.passwordHash,
      role: input.role,
      is_active: input.isActive === false ? 0 : 1,
      organization: input.organization ?? null,
      sender_name: input.senderName ?? null,
      quota: input.quota ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sign-in accepts the user name (exact) or the e-mail address (any case). A user name match wins,
 * so nobody can shadow another account by choosing that account's e-mail as their user name.
 */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', identifier), eb('email', '=', identifier.toLowerCase())]))
    .execute();
  return rows.find((row) => row.username === identifier) ?? rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  return row !== undefined;
}

export async function setUserActive(db: Db, id: string, isActive: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: isActive ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The API shape of a user: never the password hash; booleans as booleans. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    is_active: row.is_active === 1,
    organization: row.organization,
    sender_name: row.sender_name,
    quota: row.quota,
    used_quota: row.used_quota,
    remaining_quota: row.quota - row.used_quota,
  };
}
