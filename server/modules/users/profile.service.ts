import type { z } from 'zod';
import type { changePasswordSchema, updateProfileSchema } from '../../../contract/users.contract.ts';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import { findUserById, toUser, updateUser } from './users.repository.ts';
import { assertCurrentPassword, assertPasswordNotName } from './users.service.ts';
import { findClash } from './users.repository.ts';
import { conflict } from '../../lib/http-error.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';

async function requireRow(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User');
  return row;
}

/**
 * A user's own changes. The e-mail is where password resets go, so changing it asks for the
 * current password: a borrowed session must not be enough to take the account over.
 */
export async function updateProfile(db: Db, userId: string, changes: z.output<typeof updateProfileSchema>) {
  const row = await requireRow(db, userId);
  const newEmail =
    changes.email !== undefined && changes.email.toLowerCase() !== row.email ? changes.email : undefined;
  if (newEmail) {
    await assertCurrentPassword(row, changes.current_password);
    if ((await findClash(db, { email: newEmail }, userId)).email) {
      throw conflict({ email: validationKeys.emailTaken }, 'The e-mail is taken');
    }
  }
  const updated = await updateUser(db, userId, {
    ...(changes.organization !== undefined ? { organization: changes.organization } : {}),
    ...(changes.sender_name !== undefined ? { sender_name: changes.sender_name } : {}),
    ...(newEmail ? { email: newEmail.toLowerCase() } : {}),
    // A new threshold the balance is already below counts as crossed: no mail for the past.
    ...(changes.credit_alert_threshold !== undefined
      ? {
          credit_alert_threshold: changes.credit_alert_threshold,
          credit_alert_sent_at:
            row.quota - row.used_quota < changes.credit_alert_threshold ? new Date().toISOString() : null,
        }
      : {}),
  });
  return toUser(updated ?? row);
}

/** A new password ends every other session of the user; the one it was changed from stays. */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  sessionId: string | null,
  input: z.output<typeof changePasswordSchema>,
  now = new Date(),
) {
  const row = await requireRow(db, userId);
  await assertCurrentPassword(row, input.current_password);
  assertPasswordNotName(input.password, row);
  await updateUser(db, userId, { password_hash: await hashPassword(input.password) });
  await revokeUserSessions(db, userId, now, sessionId ?? undefined);
}
