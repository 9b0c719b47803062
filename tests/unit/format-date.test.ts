import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/lib/format-date.ts';
import { formatTime as logTime } from '../../src/screens/logs/format.tsx';
import { formatDate as mailboxDate } from '../../src/screens/mailbox/format.ts';
import { formatTime as creditTime } from '../../src/screens/users/credit-list.tsx';

const iso = '2026-11-26T12:29:00.000Z';

/** Issue 22, defect 6: three date formats (review, log, template list); now one, by language. */
describe('one date format for the whole app', () => {
  it('writes Arabic dates with Western digits and English ones day first', () => {
    const ar = formatDateTime(iso, 'ar');
    expect(ar).toMatch(/2026/);
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatDateTime(iso, 'en')).toMatch(/^\d{1,2} Nov 2026, \d{2}:\d{2}$/);
  });

  it('is the same on the e-mail log, the mailbox and the balance log', () => {
    for (const language of ['ar', 'en']) {
      const one = formatDateTime(iso, language);
      expect(logTime(iso, language)).toBe(one);
      expect(mailboxDate(iso, language)).toBe(one);
      expect(creditTime(iso, language)).toBe(one);
    }
  });

  it('shows nothing for no date and the text itself for something else', () => {
    expect(formatDateTime(null, 'ar')).toBe('');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
