import { afterEach, describe, expect, it } from 'vitest';
import { initialLanguage, LANGUAGE_STORAGE_KEY, linkedLanguage } from '../../src/i18n/languages.ts';

afterEach(() => localStorage.clear());

describe('the language the app starts in', () => {
  it('reads the language an e-mailed link names after its token', () => {
    expect(linkedLanguage('#/auth/reset-password?token=abc-1&lng=en')).toBe('en');
    expect(linkedLanguage('#/auth/reset-password?lng=ar&token=abc-1')).toBe('ar');
  });

  it('ignores links without a language, and languages the app does not have', () => {
    expect(linkedLanguage('#/auth/reset-password?token=abc-1')).toBeNull();
    expect(linkedLanguage('#/auth/reset-password?token=abc-1&lng=fr')).toBeNull();
    expect(linkedLanguage('#/dashboard/home')).toBeNull();
    expect(linkedLanguage('')).toBeNull();
  });

  it("prefers the link's language to the stored choice, and keeps it as the choice", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    expect(initialLanguage('#/auth/reset-password?token=abc-1&lng=en')).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('starts in the stored choice, or Arabic, when the address names none', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(initialLanguage('#/auth/login')).toBe('en');
    localStorage.clear();
    expect(initialLanguage('#/auth/login')).toBe('ar');
  });
});
