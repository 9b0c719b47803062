import type { User } from '../../../contract/auth.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { isPasswordOfAccount } from '../../../contract/password.contract.ts';
import type { z } from 'zod';
import type { AdminUser, createUserSchema, updateUserSchema } from '../../../contract/users.contract.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { grantCredits } from '../credits/ledger.ts';
import type { Db, UserRow, UserUpdate } from '../../db/schema.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import * as users from './users.repository.ts';

export const toAdminUser = (row: UserRow): AdminUser => ({
  ...users.toUser(row),
  created_at: row.created_at,
});

/** Refuses a user name or e-mail another account holds, with the field named. */
async function assertFree(db: Db, candidate: { username?: string; email?: string }, exceptId?: string) {
  const clash = await users.findClash(db, candidate, exceptId);
  const fields: Record<string, string> = {};
  if (clash.username) fields.username = validationKeys.usernameTaken;
  if (clash.email) fields.email = validationKeys.emailTaken;
  if (Object.keys(fields).length > 0) throw conflict(fields, 'The user name or e-mail is taken');
}

/** The database's unique indexes catch two requests racing past the check above. */
async function mapUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict({ username: validationKeys.usernameTaken }, 'Already exists');
    throw error;
  }
}

export function assertPasswordNotName(password: string, account: { username?: string; email?: string }) {
  if (isPasswordOfAccount(password, account))
    throw validationFailed({ password: validationKeys.passwordSameAsName });
}

/** Raises 400 with the field named when `password` is not the account's current one. */
export async function assertCurrentPassword(
  row: UserRow,
  password: string | undefined,
  field = 'current_password',
) {
  if (!password || !(await verifyPassword(password, row.password_hash))) {
    throw validationFailed({ [field]: validationKeys.wrongPassword });
  }
}

export async function createUser(
  db: Db,
  input: z.output<typeof createUserSchema>,
  actorId: string | null = null,
) {
  assertPasswordNotName(input.password, input);
  await assertFree(db, input);
  const passwordHash = await hashPassword(input.password);
  // Starting credits are a ledger grant written with the account, never a bare quota number.
  const row = await mapUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      const created = await users.insertUser(trx, {
        username: input.username,
        email: input.email,
        organization: input.organization,
        senderName: input.sender_name,
        role: input.role,
        passwordHash,
      });
      if (!input.quota) return created;
      await grantCredits(trx, {
        userId: created.id,
        amount: input.quota,
        reason: null,
        createdBy: actorId,
        now: created.created_at,
      });
      return (await users.findUserById(trx, created.id))!;
    }),
  );
  return toAdminUser(row);
}

/** Only an account without campaigns goes (otherwise it is deactivated); never one's own. */
export async function deleteUserByAdmin(db: Db, actor: User, id: string) {
  if (id === actor.id)
    throw conflict({ id: validationKeys.notYourself }, 'An administrator cannot delete itself');
  if (!(await users.findUserById(db, id))) throw notFound('User');
  const campaign = await db.selectFrom('campaigns').select('id').where('user_id', '=', id).executeTakeFirst();
  if (campaign) throw conflict({ id: validationKeys.userHasCampaigns }, 'The user has campaigns');
  try {
    if (!(await users.deleteUser(db, id))) throw notFound('User');
  } catch (error) {
    // A campaign accepted between the check and the delete: its foreign key refuses.
    if (isForeignKeyViolation(error))
      throw conflict({ id: validationKeys.userHasCampaigns }, 'The user has campaigns');
    throw error;
  }
}

export type UserChanges = z.output<typeof updateUserSchema>;

/**
 * An administrator's edit. Nobody may lock the installation out: an administrator cannot take
 * away its own role or active flag, and the last active administrator stays one. Deactivating a
 * user or setting its password ends its sessions at once.
 */
export async function updateUserByAdmin(
  db: Db,
  actor: User,
  id: string,
  changes: UserChanges,
  now = new Date(),
) {
  const current = await users.findUserById(db, id);
  if (!current) throw notFound('User');
  const demotes = changes.role !== undefined && changes.role !== 'admin' && current.role === 'admin';
  const deactivates = changes.is_active === false && current.is_active === 1;
  if (id === actor.id && (demotes || deactivates)) {
    throw validationFailed({ [demotes ? 'role' : 'is_active']: validationKeys.notYourself });
  }
  if ((demotes || deactivates) && current.role === 'admin' && (await users.countActiveAdmins(db)) <= 1) {
    throw validationFailed({ [demotes ? 'role' : 'is_active']: validationKeys.notYourself });
  }
  await assertFree(db, changes, id);
  if (changes.password) {
    assertPasswordNotName(changes.password, {
      username: changes.username ?? current.username,
      email: current.email,
    });
  }
  const update: UserUpdate = {
    ...(changes.username !== undefined ? { username: changes.username } : {}),
    ...(changes.email !== undefined ? { email: changes.email.toLowerCase() } : {}),
    ...(changes.organization !== undefined ? { organization: changes.organization } : {}),
    ...(changes.sender_name !== undefined ? { sender_name: changes.sender_name } : {}),
    ...(changes.role !== undefined ? { role: changes.role } : {}),
    ...(changes.is_active !== undefined ? { is_active: changes.is_active ? 1 : 0 } : {}),
    ...(changes.password ? { password_hash: await hashPassword(changes.password) } : {}),
  };
  const row = await mapUniqueViolation(() => users.updateUser(db, id, update));
  if (!row) throw notFound('User');
  if (deactivates || changes.password) await revokeUserSessions(db, id, now);
  return toAdminUser(row);
}
