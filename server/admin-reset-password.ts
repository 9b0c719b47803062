import { isPasswordOfAccount, passwordSchema } from '../contract/password.contract.ts';
import type { Db } from './db/schema.ts';
import { generatePassword, hashPassword } from './lib/password.ts';
import { clearAccountLockout } from './modules/auth/login-rate-limit.ts';
import { revokeUserSessions } from './modules/auth/sessions.repository.ts';
import { findUserByLogin, updateUser } from './modules/users/users.repository.ts';

/**
 * Recovery for a lost administrator password (the first-start one is shown only once): run on the
 * server by someone with access to its configuration, so it needs no sign-in. It sets the
 * password, ends every session of the account (so its refresh tokens stop working: whoever may
 * hold them is out) and clears the account's sign-in lockout.
 */
export class ResetPasswordError extends Error {
  override name = 'ResetPasswordError';
}

export type AdminPasswordReset = {
  username: string;
  /** The new password when it was generated here (to be shown once); undefined when given. */
  generatedPassword: string | undefined;
  sessionsEnded: number;
  isActive: boolean;
};

export async function resetAdminPassword(
  db: Db,
  input: { username: string; password?: string },
  now = new Date(),
): Promise<AdminPasswordReset> {
  const user = await findUserByLogin(db, input.username);
  if (!user || user.role !== 'admin') {
    const admins = await db.selectFrom('users').select('username').where('role', '=', 'admin').execute();
    const known = admins.map((admin) => admin.username).join(', ') || 'none';
    throw new ResetPasswordError(`No administrator named "${input.username}" (administrators: ${known})`);
  }
  const generatedPassword = input.password === undefined ? generatePassword() : undefined;
  const password = input.password ?? generatedPassword!;
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) {
    throw new ResetPasswordError(
      'The password is too weak: at least 8 characters, with letters and at least one digit or symbol',
    );
  }
  if (isPasswordOfAccount(password, user)) {
    throw new ResetPasswordError('The password must not be the account name or e-mail address');
  }
  await updateUser(db, user.id, { password_hash: await hashPassword(password) });
  const sessionsEnded = await revokeUserSessions(db, user.id, now);
  await clearAccountLockout(db, user.username);
  return { username: user.username, generatedPassword, sessionsEnded, isActive: user.is_active === 1 };
}

/** What the command prints: what changed, and the password only when it was made here. */
export function describeReset(result: AdminPasswordReset): string {
  const lines = [`Password of administrator "${result.username}" changed.`];
  if (result.generatedPassword) lines.push(`New password (shown only now): ${result.generatedPassword}`);
  lines.push(`Sessions ended (refresh tokens revoked): ${result.sessionsEnded}.`);
  lines.push('Failed sign-in counters for this account cleared.');
  if (!result.isActive) lines.push('Note: this account is disabled; another administrator must enable it.');
  return lines.join('\n');
}
