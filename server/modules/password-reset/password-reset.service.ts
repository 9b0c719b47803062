import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from '../../../contract/errors.contract.ts';
import { RESET_LINK_TTL_MS } from '../../../contract/password-reset.contract.ts';
import type { Db } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t, type Language } from '../../lib/i18n.ts';
import { hashPassword } from '../../lib/password.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { generateRefreshToken, hashToken } from '../../lib/tokens.ts';
import type { SystemMailer } from '../../mail/system-mail.ts';
import { renderSystemEmail } from '../../mail/system-templates.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import { findUserByLogin, updateUser } from '../users/users.repository.ts';
import { assertPasswordNotName } from '../users/users.service.ts';
import * as resets from './password-reset.repository.ts';

export type ResetDeps = {
  db: Db;
  mailer: SystemMailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
};

const invalidLink = () => new HttpError(400, errorCodes.invalidResetLink, 'The reset link is not valid');
const accountNotFound = () =>
  new HttpError(404, errorCodes.accountNotFound, 'No account has this e-mail address');

// The spec answers "account not found", which tells addresses apart; the limits keep that slow.
const forgotLimits = (ip: string, email: string) => [
  { key: `forgot:ip:${ip}`, max: 10, windowSeconds: 15 * 60 },
  { key: `forgot:email:${email.toLowerCase()}`, max: 3, windowSeconds: 60 * 60 },
];

/** Mails a single-use link, valid for an hour, to the account with this address. */
export async function requestReset(
  deps: ResetDeps,
  input: { email: string; language: Language; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  await enforceLimits(deps.db, forgotLimits(input.ip, input.email), now);
  const user = await findUserByLogin(deps.db, input.email.toLowerCase());
  if (!user || user.email !== input.email.toLowerCase() || user.is_active !== 1) throw accountNotFound();

  const token = generateRefreshToken();
  await resets.insertReset(deps.db, {
    id: crypto.randomUUID(),
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  const lng = input.language;
  // The page the link opens speaks the language the e-mail was asked in.
  const url = `${deps.publicUrl}/#/auth/reset-password?token=${encodeURIComponent(token)}&lng=${lng}`;
  const { html, text } = renderSystemEmail({
    language: lng,
    heading: t(lng, 'mail:reset.heading'),
    paragraphs: [t(lng, 'mail:reset.greeting', { name: user.username }), t(lng, 'mail:reset.body')],
    button: { label: t(lng, 'mail:reset.button'), url },
    footer: t(lng, 'mail:reset.ignore'),
  });
  try {
    await deps.mailer.send({ to: user.email, subject: t(lng, 'mail:reset.subject'), html, text });
  } catch (error) {
    deps.log.error({ err: error }, 'password reset e-mail failed');
    throw new HttpError(
      503,
      errorCodes.mailFailed,
      'The e-mail could not be sent; try again shortly',
      undefined,
      {
        'retry-after': '60',
      },
    );
  }
}

export async function checkResetLink(deps: ResetDeps, token: string) {
  const now = (deps.now?.() ?? new Date()).toISOString();
  if (!(await resets.findUsableReset(deps.db, hashToken(token), now))) throw invalidLink();
}

/** Sets the new password once per link and signs the account out everywhere. */
export async function resetPassword(deps: ResetDeps, input: { token: string; password: string }) {
  const now = deps.now?.() ?? new Date();
  const reset = await resets.findUsableReset(deps.db, hashToken(input.token), now.toISOString());
  if (!reset) throw invalidLink();
  assertPasswordNotName(input.password, reset);
  const passwordHash = await hashPassword(input.password);
  if (!(await resets.claimReset(deps.db, reset.id, now.toISOString()))) throw invalidLink();
  await updateUser(deps.db, reset.user_id, { password_hash: passwordHash });
  await resets.retireResets(deps.db, reset.user_id, now.toISOString());
  await revokeUserSessions(deps.db, reset.user_id, now);
  return { userId: reset.user_id, now };
}
