import { useTranslation } from 'react-i18next';
import ar from '../../i18n/locales/ar/recipients.json';
import en from '../../i18n/locales/en/recipients.json';
import { useNamespace } from '../../i18n/use-namespace.ts';

/**
 * The recipients screens' texts, loaded with their chunk. `t` is the common one: the screens'
 * own keys are written `recipients:...`, the server's validation.* and errors.* keys as they come.
 */
export function useRecipientsI18n() {
  useNamespace('recipients', { ar, en });
  return useTranslation();
}
