import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/schema.ts';
import { t } from '../../lib/i18n.ts';
import type { SystemMailer } from '../../mail/system-mail.ts';
import { renderSystemEmail } from '../../mail/system-templates.ts';

export type AccountNotice = 'passwordChanged' | 'twoFactorEnabled' | 'twoFactorDisabled';

export type NoticeDeps = {
  db: Db;
  mailer: SystemMailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
};

/**
 * Tells the account's own address, in the account's language, that its sign-in changed, so a
 * change its owner did not make does not go unnoticed. The change is already done: a mail that
 * cannot be sent is logged, never an error for the user.
 */
export async function sendAccountNotice(
  deps: NoticeDeps,
  userId: string,
  notice: AccountNotice,
  now: Date,
): Promise<void> {
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'username', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return;
  const lng = user.language === 'en' ? 'en' : 'ar';
  const when = now.toISOString().slice(0, 16).replace('T', ' ');
  const { html, text } = renderSystemEmail({
    language: lng,
    heading: t(lng, `mail:security.heading.${notice}`),
    paragraphs: [
      t(lng, `mail:security.body.${notice}`, { name: user.username, when }),
      t(lng, 'mail:security.notYou'),
    ],
    button: {
      label: t(lng, 'mail:security.button'),
      url: `${deps.publicUrl}/#/dashboard/settings/security?lng=${lng}`,
    },
    footer: t(lng, 'mail:security.footer'),
  });
  try {
    await deps.mailer.send({
      to: user.email,
      subject: t(lng, `mail:security.subject.${notice}`),
      html,
      text,
    });
  } catch (error) {
    deps.log.error({ err: error, notice }, 'account notice e-mail failed');
  }
}
