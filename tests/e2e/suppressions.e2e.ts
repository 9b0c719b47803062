import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import arSuppressions from '../../src/i18n/locales/ar/suppressions.json';
import en from '../../src/i18n/locales/en/common.json';
import enLogs from '../../src/i18n/locales/en/logs.json';
import enSuppressions from '../../src/i18n/locales/en/suppressions.json';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.ts';
import { seriousViolations } from './support/axe.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

/** The suppression list in the built app: reached from the navigation, used from the keyboard, axe-clean. */
describe('suppression list in the built app', () => {
  const run = useAppAndBrowser();

  it('adds an address by hand from the keyboard, lists it, and passes axe in Arabic and English', async () => {
    const page = await run.newPage(1100);
    await signInAs(page, run.app.baseUrl, run.app.adminUsername, run.app.adminPassword);
    // The Logs section is a button that opens its links.
    await page.getByRole('button', { name: ar.nav.logs }).click();
    await page.getByRole('link', { name: ar.nav.suppressions }).click();
    await waitForRoute(page, '#/dashboard/logs/suppressions');
    await page.getByRole('heading', { level: 1, name: arSuppressions.title }).waitFor();
    expect(await page.title()).toContain(ar.pages.suppressions);

    // Keyboard only: focus the button, Enter opens the dialog, type, Tab to "Add", Enter.
    await page.getByRole('button', { name: arSuppressions.add.open }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: arSuppressions.add.title });
    await dialog.waitFor();
    await page.keyboard.type('blocked.by.hand@example.org');
    await dialog.getByRole('button', { name: arSuppressions.add.submit }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('blocked.by.hand@example.org').waitFor();
    await page.getByRole('cell', { name: arSuppressions.reasons.manual }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    await screenshot(page, 'suppressions-ar');

    await page.evaluate((key) => window.localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: enSuppressions.title }).waitFor();
    await page.getByRole('cell', { name: enSuppressions.reasons.manual }).waitFor();
    expect(await page.title()).toContain(en.pages.suppressions);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'suppressions-en');

    // A bounce reason narrows the list (to nothing here) and brings "release all matching" (disabled
    // with nothing to release): the narrowed screen is axe-clean too.
    await page.getByLabel(enSuppressions.bounceReasonFilter, { exact: true }).first().click();
    await page.getByRole('option', { name: enLogs.bounceReason.authfailure }).click();
    await page.getByRole('button', { name: enSuppressions.release.open }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
