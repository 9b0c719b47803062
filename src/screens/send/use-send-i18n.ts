import { useTranslation } from 'react-i18next';
import arSend from '../../i18n/locales/ar/send.json';
import enSend from '../../i18n/locales/en/send.json';
import arTemplates from '../../i18n/locales/ar/templates.json';
import enTemplates from '../../i18n/locales/en/templates.json';
import arMail from '../../i18n/locales/ar/mail.json';
import enMail from '../../i18n/locales/en/mail.json';
import arRecipients from '../../i18n/locales/ar/recipients.json';
import enRecipients from '../../i18n/locales/en/recipients.json';
import { useNamespace } from '../../i18n/use-namespace.ts';

/**
 * The send wizard's texts, loaded with its chunk, plus the namespaces of what it reuses (the
 * templates' editors, the recipients import's messages, the e-mail's survey block for the preview). `t` is the common one: the wizard's own
 * keys are written `send:...`, the server's validation.* and errors.* keys as they come.
 */
export function useSendI18n() {
  useNamespace('templates', { ar: arTemplates, en: enTemplates });
  useNamespace('recipients', { ar: arRecipients, en: enRecipients });
  useNamespace('mail', { ar: arMail, en: enMail });
  useNamespace('send', { ar: arSend, en: enSend });
  return useTranslation();
}
