import {
  emailProblem,
  emailSchema,
  isValidEmail,
  normalizeEmail,
  stripInvisibleEnds,
} from '../../../contract/email.contract.ts';
import ar from '../../../src/i18n/locales/ar/common.json';
import en from '../../../src/i18n/locales/en/common.json';

/** Every character the rule names, one by one (the ranges written out, so a gap in a range fails). */
const invisible = [
  ...Array.from({ length: 5 }, (_, i) => 0x200b + i),
  ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
  ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
  0xfeff,
  0x00a0,
].map((code) => String.fromCharCode(code));

describe('the one e-mail rule', () => {
  it.each(invisible.map((char) => [char.codePointAt(0)!.toString(16).toUpperCase(), char]))(
    'refuses U+%s inside an address with its own translated message',
    (_code, char) => {
      for (const address of [`x${char}@example.sa`, `lama@exam${char}ple.sa`, `a${char}b@example.sa`]) {
        expect(isValidEmail(address)).toBe(false);
        expect(emailProblem(normalizeEmail(address))).toBe('validation.emailInvisible');
        const parsed = emailSchema.safeParse(address);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['validation.emailInvisible']);
      }
    },
  );

  it('has the message in both languages', () => {
    expect(ar.validation.emailInvisible).toMatch(/غير مرئي/);
    expect(en.validation.emailInvisible).toMatch(/invisible/);
  });

  it('still takes ordinary and international addresses, and names the other problems', () => {
    expect(emailSchema.parse(' Lama@Example.SA ')).toBe('Lama@example.sa');
    expect(isValidEmail('مها@مثال.السعودية')).toBe(true);
    expect(emailProblem('')).toBe('validation.required');
    expect(emailProblem('no-at-sign')).toBe('validation.email');
  });

  it('strips invisible characters and spaces at the ends of a cell and says when it did', () => {
    expect(stripInvisibleEnds('lama@example.sa\u200F')).toEqual({ text: 'lama@example.sa', cleaned: true });
    expect(stripInvisibleEnds('\uFEFF\u202B omar@example.sa \u202C\u00A0')).toEqual({
      text: 'omar@example.sa',
      cleaned: true,
    });
    expect(stripInvisibleEnds('  plain  ')).toEqual({ text: 'plain', cleaned: false });
    // Inside stays inside: the address rule refuses it afterwards.
    expect(stripInvisibleEnds('x\u200B@example.sa')).toEqual({ text: 'x\u200B@example.sa', cleaned: false });
  });
});
