import { screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { COMMON_NAMESPACE, hasTexts, loadTexts, switchLanguage } from '../../src/i18n/common-texts.ts';
import { startI18n } from '../../src/i18n/i18n.ts';
import type { Language } from '../../src/i18n/languages.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import en from '../../src/i18n/locales/en/common.json';
import { pickSections, SIGNED_OUT_SECTIONS } from '../../src/i18n/signed-out-sections.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

const texts = { ar, en };
const other = { ar: 'en', en: 'ar' } as const;
const both: Language[] = ['ar', 'en'];

/** Every key a render asks for that the loaded texts (with the fallback language's) lack. */
function recordMissingKeys(instance: i18n): string[] {
  const missing: string[] = [];
  instance.options.saveMissing = true;
  instance.options.missingKeyHandler = (_languages, _namespace, key) => missing.push(key);
  return missing;
}

const refuseCredentials = {
  [routeOf(authEndpoints.login)]: () => ({
    status: 401,
    data: { statusCode: 401, code: errorCodes.invalidCredentials, message: 'refused' },
  }),
};

/**
 * The app starts with the login page's texts of one language only (issue 6: the login page's
 * first load). These tests run the real loading (src/i18n/common-texts.ts and the build's
 * `?signed-out` cut, scripts/vite-signed-out-texts.ts) and fail when the login page shows a key
 * that src/i18n/signed-out-sections.ts does not list.
 */
describe('the texts the app starts with', () => {
  it.each(both)('are the signed-out sections of %s only', async (language) => {
    const i18n = await startI18n(language);

    expect(i18n.language).toBe(language);
    expect(hasTexts(i18n, language, 'signedOut')).toBe(true);
    expect(hasTexts(i18n, language, 'all')).toBe(false);
    expect(i18n.hasResourceBundle(other[language], COMMON_NAMESPACE)).toBe(false);
    expect(i18n.getResourceBundle(language, COMMON_NAMESPACE)).toEqual(pickSections(texts[language]));
    expect(i18n.t('auth.login.title')).toBe(texts[language].auth.login.title);
  });

  it.each(both)('name only sections that %s has', (language) => {
    for (const section of SIGNED_OUT_SECTIONS) {
      const value = section
        .split('.')
        .reduce<unknown>((tree, key) => (tree as never)?.[key], texts[language]);
      expect(value, section).toBeDefined();
    }
  });

  it.each(both)('are enough for the login page and its errors in %s', async (language) => {
    const i18n = await startI18n(language);
    const missing = recordMissingKeys(i18n);
    const { user } = renderApp({ i18n, route: paths.auth.login, routes: refuseCredentials });
    const page = texts[language].auth.login;

    await screen.findByRole('heading', { name: page.title });
    expect(document.title).toBe(`${page.title} | ${texts[language].app.name}`);
    await user.click(screen.getByRole('button', { name: page.submit }));
    expect(await screen.findByText(texts[language].validation.required)).toBeInTheDocument();

    await user.type(screen.getByLabelText(page.username), 'ada');
    await user.type(screen.getByLabelText(page.password), 'wrong');
    await user.click(screen.getByRole('button', { name: page.submit }));
    expect(await screen.findByText(texts[language].errors.invalidCredentials)).toBeInTheDocument();

    expect(missing).toEqual([]);
    expect(hasTexts(i18n, language, 'all')).toBe(false);
  });

  it('load the other language on a switch, and all texts for the other pages', async () => {
    const i18n = await startI18n('ar');
    const missing = recordMissingKeys(i18n);
    const { user } = renderApp({ i18n, route: paths.auth.login });

    await screen.findByRole('heading', { name: ar.auth.login.title });
    await user.click(screen.getByText(ar.language.en));
    await screen.findByRole('heading', { name: en.auth.login.title });
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(hasTexts(i18n, 'en', 'signedOut')).toBe(true);
    expect(hasTexts(i18n, 'en', 'all')).toBe(false);

    // Any page but the login page waits for all of common.json.
    await user.click(screen.getByRole('link', { name: en.auth.login.forgotPassword }));
    await screen.findByRole('heading', { name: en.auth.forgetPassword.title });
    expect(hasTexts(i18n, 'en', 'all')).toBe(true);
    expect(document.title).toBe(`${en.auth.forgetPassword.title} | ${en.app.name}`);
    expect(missing).toEqual([]);
  });

  it('switch to all texts of the other language once all of the current one are loaded', async () => {
    const i18n = await startI18n('ar');
    const asked = [loadTexts(i18n, 'ar', 'all'), loadTexts(i18n, 'ar', 'all')];
    // However many ask at once, one load.
    expect(asked[0]).toBe(asked[1]);
    await Promise.all(asked);

    await switchLanguage(i18n, 'en');

    expect(i18n.language).toBe('en');
    expect(hasTexts(i18n, 'en', 'all')).toBe(true);
    expect(i18n.getResourceBundle('en', COMMON_NAMESPACE)).toEqual(en);
  });
});
