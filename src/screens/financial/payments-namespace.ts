import { useTranslation } from 'react-i18next';
import { DEFAULT_NAMESPACE } from '../../i18n/i18n.ts';
import arPayments from '../../i18n/locales/ar/payments.json';
import enPayments from '../../i18n/locales/en/payments.json';
import { useNamespace } from '../../i18n/use-namespace.ts';

/**
 * The `payments` texts, loaded with the screens that use them. Keys without a namespace (the
 * page titles, validation and error keys) are found in the common texts.
 */
export function usePaymentsTexts() {
  useNamespace('payments', { ar: arPayments, en: enPayments });
  return useTranslation(['payments', DEFAULT_NAMESPACE], { nsMode: 'fallback' });
}
