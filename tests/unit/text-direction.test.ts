import { describe, expect, it } from 'vitest';
import { bodyDirection, firstStrongDirection, withBodyDirection } from '../../contract/text-direction.ts';

describe('text direction of an e-mail body', () => {
  it('is the direction of the first letter, past digits, punctuation and {{variables}}', () => {
    expect(firstStrongDirection('  12. {{name}} مرحبًا Hello')).toBe('rtl');
    expect(firstStrongDirection('2026: Hello مرحبًا')).toBe('ltr');
    expect(firstStrongDirection('١٢٣ - 456 {{x}}')).toBeNull();
  });

  it('falls back to the campaign language, and names the language the script points to', () => {
    expect(bodyDirection('123', 'ar')).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(bodyDirection('123', 'en')).toEqual({ dir: 'ltr', lang: 'en' });
    expect(bodyDirection('مرحبًا', 'en')).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(bodyDirection('Hello', 'ar')).toEqual({ dir: 'ltr', lang: 'en' });
  });

  it('marks a body tag once and makes a document around a fragment', () => {
    const rtl = { dir: 'rtl', lang: 'ar' } as const;
    expect(withBodyDirection('<p>x</p>', rtl)).toBe(
      '<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"></head><body dir="rtl" lang="ar"><p>x</p></body></html>',
    );
    expect(withBodyDirection('<HTML><BODY class="a">x</BODY></HTML>', rtl)).toBe(
      '<HTML><BODY dir="rtl" lang="ar" class="a">x</BODY></HTML>',
    );
    expect(withBodyDirection('<body lang="fa">x</body>', rtl)).toBe('<body dir="rtl" lang="fa">x</body>');
  });
});
