import type { FastifyInstance } from 'fastify';
import type { ContactMessageRow } from '../../db/schema.ts';
import { t } from '../../lib/i18n.ts';
import { renderSystemEmail } from '../../mail/system-templates.ts';
import { activeAdminEmails } from './contact.repository.ts';

/**
 * Tells the administrators, in Arabic (the product's main language), with the visitor as
 * Reply-To. A mail failure is logged, not returned: the message is stored and shows in the inbox.
 */
export async function notifyAdmins(app: FastifyInstance, message: ContactMessageRow): Promise<void> {
  const recipients = await activeAdminEmails(app.db);
  if (recipients.length === 0) return;
  const lng = 'ar';
  const { html, text } = renderSystemEmail({
    language: lng,
    heading: t(lng, 'mail:contact.heading', { name: message.full_name }),
    paragraphs: [
      `${t(lng, 'mail:contact.from')}: ${message.full_name} <${message.email}>`,
      `${t(lng, 'mail:contact.phone')}: ${message.phone}`,
      `${t(lng, 'mail:contact.company')}: ${message.company}`,
      message.message,
    ],
    button: { label: t(lng, 'mail:contact.open'), url: `${app.appConfig.publicUrl}/#/dashboard/contact` },
  });
  try {
    await app.systemMailer.send({
      to: recipients,
      subject: t(lng, 'mail:contact.subject', { name: message.full_name }),
      html,
      text,
      replyTo: message.email,
    });
  } catch (error) {
    app.log.error({ err: error }, 'contact notification e-mail failed');
  }
}
