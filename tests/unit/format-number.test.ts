import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIGIT_STORAGE_KEY, storeDigitSystem } from '../../src/lib/digit-system.ts';
import {
  formatMoney,
  formatNumber,
  formatPercent,
  formatShare,
  formatSigned,
} from '../../src/lib/format-number.ts';
import { formatCount } from '../../src/screens/financial/format.ts';
import { formatNumber as logNumber } from '../../src/screens/logs/format.tsx';
import { formatAmount } from '../../src/screens/users/credit-list.tsx';

const ARABIC_INDIC = /[\u0660-\u0669]/;
const LRI = '\u2066';
const PDI = '\u2069';

/** Issue 37, defect 7: financial screens wrote Arabic-Indic digits, the rest Western ones. */
describe('one number format for the whole interface', () => {
  afterEach(() => window.localStorage.removeItem(DIGIT_STORAGE_KEY));

  it('writes Western digits in Arabic unless the reader chose Arabic-Indic ones', () => {
    expect(formatNumber(10000, 'ar')).toBe('10,000');
    expect(formatCount(1000, 'ar')).toBe('1,000');
    storeDigitSystem('arab');
    expect(formatNumber(1000, 'ar')).toBe('١٬٠٠٠');
    expect(formatNumber(1000, 'en')).toMatch(ARABIC_INDIC);
    storeDigitSystem('latn');
    expect(formatNumber(1000, 'ar')).not.toMatch(ARABIC_INDIC);
  });

  it('is the same on the financial screens, the logs and the balance log', () => {
    for (const language of ['ar', 'en']) {
      expect(formatCount(12345, language)).toBe(formatNumber(12345, language));
      expect(logNumber(12345, language)).toBe(formatNumber(12345, language));
    }
  });

  it('keeps a sign before its figure inside Arabic text ("-5", not "5-")', () => {
    expect(formatSigned(-5, 'ar')).toBe(`${LRI}-5${PDI}`);
    expect(formatSigned(10000, 'ar')).toBe(`${LRI}+10,000${PDI}`);
    expect(formatAmount(-3, 'en')).toBe(`${LRI}-3${PDI}`);
    expect(formatSigned(0, 'ar')).toBe('0');
  });

  it('writes a share before its count in both languages, and money in the main unit', () => {
    // Before: "0% (0)" read "(0) 0%" in Arabic.
    expect(formatShare(0, 0, 'ar')).toBe(`${LRI}${formatPercent(0, 0, 'ar')} (0)${PDI}`);
    expect(formatPercent(0, 0, 'ar')).toMatch(/^0\s?[%٪]$/);
    expect(formatShare(1, 4, 'en')).toBe(`${LRI}25% (1)${PDI}`);
    expect(formatMoney(5750, 'SAR', 'en')).toMatch(/^\u2066SAR\s57\.50\u2069$/);
  });

  it('is the only number formatting in the screens and components (a new screen takes it too)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const formatting = /new Intl\.NumberFormat\(|\.toLocaleString\(|\.toFixed\(/;
    const offenders = ['src/screens', 'src/components', 'src/app'].flatMap((dir) =>
      files(dir).filter((file) => formatting.test(readFileSync(file, 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });
});
