import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth } from '../../src/lib/format-date.ts';
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

  it('has the same words for a date alone, a chart’s day and a time to the second', () => {
    for (const language of ['ar', 'en']) {
      const full = formatDateTime(iso, language);
      const date = formatDate(iso, language);
      expect(full.startsWith(date)).toBe(true);
      expect(formatDateTime(iso, language, { seconds: true })).toMatch(/12:29:00|\d{2}:29:00/);
      for (const text of [date, formatDayMonth('2026-11-26', language)]) {
        expect(text).not.toMatch(/[\u0660-\u0669]/);
      }
    }
    expect(formatDate(iso, 'en')).toBe('26 Nov 2026');
    // A calendar day stays that day in any time zone (read as UTC).
    expect(formatDayMonth('2026-11-26', 'en')).toBe('26 Nov');
  });

  it('shows nothing for no date and the text itself for something else', () => {
    expect(formatDateTime(null, 'ar')).toBe('');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });

  it('is the only date formatting in the screens (a new screen takes it too)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    // Time zone look-ups (`Intl.DateTimeFormat().resolvedOptions()`) format nothing.
    const formatting =
      /new Intl\.DateTimeFormat\(|toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(/;
    const offenders = files('src/screens').filter((file) => formatting.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
