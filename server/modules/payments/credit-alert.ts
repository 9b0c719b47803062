import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { t, type Language } from '../../lib/i18n.ts';
import type { SystemMailer } from '../../mail/system-mail.ts';
import { renderSystemEmail } from '../../mail/system-templates.ts';

/**
 * The credit alert (issue 19). A user with a threshold gets one e-mail when a send or a refunded
 * order takes the balance below it. The mark (credit_alert_sent_at) is set by one conditional
 * UPDATE, so two movements at once send one mail; the ledger clears it when credit comes back
 * to at least the threshold (ledger.ts), which re-arms the alert.
 *
 * Call it after the movement's transaction committed: the mail never announces a rolled-back
 * balance.
 */
export type CreditAlertDeps = {
  db: Db;
  mailer: SystemMailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
};

export async function notifyCreditAlert(
  deps: CreditAlertDeps,
  userId: string,
  language: Language,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const user = await deps.db
    .updateTable('users')
    .set({ credit_alert_sent_at: now })
    .where('id', '=', userId)
    .where('credit_alert_threshold', '>', 0)
    .where('credit_alert_sent_at', 'is', null)
    .where(sql<boolean>`quota - used_quota < credit_alert_threshold`)
    .returning(['email', 'username', 'quota', 'used_quota', 'credit_alert_threshold'])
    .executeTakeFirst();
  if (!user) return false;
  const balance = Number(user.quota) - Number(user.used_quota);
  const vars = {
    name: user.username,
    balance: balance.toLocaleString(language === 'ar' ? 'ar-EG' : 'en-US'),
    threshold: Number(user.credit_alert_threshold).toLocaleString(language === 'ar' ? 'ar-EG' : 'en-US'),
  };
  const { html, text } = renderSystemEmail({
    language,
    heading: t(language, 'mail:creditAlert.heading'),
    paragraphs: [t(language, 'mail:creditAlert.greeting', vars), t(language, 'mail:creditAlert.body', vars)],
    button: {
      label: t(language, 'mail:creditAlert.button'),
      url: `${deps.publicUrl}/#/dashboard/financial/recharge`,
    },
    footer: t(language, 'mail:creditAlert.footer'),
  });
  try {
    await deps.mailer.send({ to: user.email, subject: t(language, 'mail:creditAlert.subject'), html, text });
  } catch (error) {
    // The balance change stands; the dashboard banner still tells the user.
    deps.log.error({ err: error }, 'credit alert e-mail failed');
  }
  return true;
}

/** Users whose balance is below their threshold, lowest balance first (administrators' view). */
export async function usersBelowThreshold(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'quota', 'used_quota', 'credit_alert_threshold'])
    .where('credit_alert_threshold', '>', 0)
    .where(sql<boolean>`quota - used_quota < credit_alert_threshold`)
    .orderBy(sql`quota - used_quota`)
    .orderBy('username')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    balance: Number(row.quota) - Number(row.used_quota),
    threshold: Number(row.credit_alert_threshold),
  }));
}

export function creditAlertDeps(app: FastifyInstance): CreditAlertDeps {
  return {
    db: app.db,
    mailer: app.systemMailer,
    publicUrl: app.appConfig.publicUrl,
    log: app.log,
    now: app.now,
  };
}

/** After a send committed: the credit alert, in the campaign's language. Never fails the send. */
export async function creditAlertAfterSend(app: FastifyInstance, userId: string, campaignId: string) {
  try {
    const campaign = await app.db
      .selectFrom('campaigns')
      .select('language')
      .where('id', '=', campaignId)
      .executeTakeFirst();
    await notifyCreditAlert(creditAlertDeps(app), userId, campaign?.language ?? 'ar');
  } catch (error) {
    app.log.error({ err: error }, 'credit alert check failed');
  }
}
