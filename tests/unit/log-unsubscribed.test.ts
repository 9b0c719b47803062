import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { MessageLog } from '../../contract/logs.contract.ts';
import arLogs from '../../src/i18n/locales/ar/logs.json';
import enLogs from '../../src/i18n/locales/en/logs.json';
import { messageColumns } from '../../src/screens/logs/message-table.tsx';

/** Issue 22, defect 5: the log said "blocked: no" for a recipient who had unsubscribed. */
describe('the e-mail log shows unsubscribes', () => {
  it.each(['ar', 'en'] as const)(
    'marks a delivered message whose recipient unsubscribed (%s)',
    async (language) => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: language, resources: { ar: { logs: arLogs }, en: { logs: enLogs } } });
      const blocked = messageColumns(i18n.t, language).find(
        (column) => column.headerKey === 'logs:columns.blocked',
      )!;
      const row = (values: Partial<MessageLog>) =>
        ({ blocked_reason: null, unsubscribed_at: null, ...values }) as MessageLog;
      expect(blocked.render(row({ unsubscribed_at: '2026-11-26T10:00:00.000Z' }))).toBe(
        i18n.t('logs:blocked.unsubscribed'),
      );
      expect(blocked.render(row({}))).toBe(i18n.t('logs:notBlocked'));
      expect(blocked.render(row({ blocked_reason: 'hard_bounce' }))).toBe(i18n.t('logs:blocked.hard_bounce'));
    },
  );
});
