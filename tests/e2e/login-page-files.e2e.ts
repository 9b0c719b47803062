import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginPageFiles, readManifest, signInRequestFiles } from '../../bench/login-page.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import en from '../../src/i18n/locales/en/common.json';
import { LANGUAGE_STORAGE_KEY, type Language } from '../../src/i18n/languages.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';

const texts = { ar, en };
const manifest = readManifest(path.resolve(import.meta.dirname, '../../dist'));

/** Every built script and stylesheet the page fetches from now on, as manifest file names. */
function recordAssets(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.slice(1);
    if (file.startsWith('assets/') && /\.(js|css)$/.test(file)) fetched.add(file);
  });
  return fetched;
}

/**
 * bench/bundle.ts reports the login page's size from the files bench/login-page.ts lists. These
 * tests hold that list to what Chromium really fetches, so a chunk the page loads on its own
 * (a lazy provider, a language's texts) cannot be left out of the figure, nor one counted that
 * the page never loads.
 */
describe('the files the login page loads (bench/bundle.ts)', () => {
  const run = useAppAndBrowser();

  it.each(['ar', 'en'] as Language[])('are the ones the bench counts, in %s', async (language) => {
    const { app } = run;
    const page = await run.newPage();
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      LANGUAGE_STORAGE_KEY,
      language,
    ] as const);
    const fetched = recordAssets(page);
    await page.goto(`${app.baseUrl}/#/auth/login`);
    await page.getByRole('heading', { name: texts[language].auth.login.title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...fetched].sort()).toEqual([...loginPageFiles(manifest, language)].sort());

    // Pressing "sign in" fetches the http client and the contract, reported apart.
    fetched.clear();
    await page.getByLabel(texts[language].auth.login.username).fill(app.adminUsername);
    await page.getByLabel(texts[language].auth.login.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: texts[language].auth.login.submit }).click();
    await page.getByText(texts[language].errors.invalidCredentials).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...fetched].sort()).toEqual([...signInRequestFiles(manifest, language)].sort());
    await page.close();
  });
});
