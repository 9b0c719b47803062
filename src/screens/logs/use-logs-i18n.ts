import { useTranslation } from 'react-i18next';
import ar from '../../i18n/locales/ar/logs.json';
import en from '../../i18n/locales/en/logs.json';
import { useNamespace } from '../../i18n/use-namespace.ts';

/**
 * The e-mail log's texts (and the overview's figures), loaded with their chunk. `t` is the common
 * one: the screens' own keys are written `logs:...`, the server's errors.* keys as they come.
 */
export function useLogsI18n() {
  useNamespace('logs', { ar, en });
  return useTranslation();
}
