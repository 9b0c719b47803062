import type { User } from '../../../contract/auth.contract.ts';
import type { Db, UserRow, UserUpdate } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

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
    credit_alert_threshold: Number(row.credit_alert_threshold ?? 0),
  };
}

export type UserListFilter = {
  search?: string | undefined;
  role?: User['role'] | undefined;
  isActive?: boolean | undefined;
};

function filtered(db: Db, filter: UserListFilter) {
  let query = db.selectFrom('users');
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        containsText('username', pattern),
        containsText('email', pattern),
        containsText('organization', pattern),
      ]),
    );
  }
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.isActive !== undefined) query = query.where('is_active', '=', filter.isActive ? 1 : 0);
  return query;
}

export async function listUsers(
  db: Db,
  filter: UserListFilter,
  page: {
    offset: number;
    limit: number;
    orderBy: 'username' | 'email' | 'created_at' | 'quota';
    descending: boolean;
  },
): Promise<{ count: number; rows: UserRow[] }> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy(page.orderBy, page.descending ? 'desc' : 'asc')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

/** Another user holding this user name (compared without case) or e-mail, if any. */
export async function findClash(
  db: Db,
  candidate: { username?: string | undefined; email?: string | undefined },
  exceptId?: string,
): Promise<{ username: boolean; email: boolean }> {
  const clash = { username: false, email: false };
  if (!candidate.username && !candidate.email) return clash;
  let query = db.selectFrom('users').select(['id', 'username', 'email']);
  query = query.where((eb) =>
    eb.or([
      ...(candidate.username
        ? [eb(eb.fn('lower', ['username']), '=', candidate.username.toLowerCase())]
        : []),
      ...(candidate.email ? [eb('email', '=', candidate.email.toLowerCase())] : []),
    ]),
  );
  if (exceptId) query = query.where('id', '<>', exceptId);
  for (const row of await query.execute()) {
    if (candidate.username && row.username.toLowerCase() === candidate.username.toLowerCase())
      clash.username = true;
    if (candidate.email && row.email === candidate.email.toLowerCase()) clash.email = true;
  }
  return clash;
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
