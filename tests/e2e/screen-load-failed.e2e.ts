import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

// Issue 37, defect 4: with the server down, a screen whose code is not loaded yet replaced the
// whole app with "Unexpected Application Error!" and the browser's English message.
describe('a screen that cannot be fetched (Chromium)', () => {
  const e2e = useAppAndBrowser();

  it('says so in the interface language, keeps the navigation, and its retry opens the screen', async () => {
    const page = await e2e.newPage();
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await e2e.app.kill();
    try {
      await page.getByRole('link', { name: ar.nav.themes }).click();
      await waitForRoute(page, '#/dashboard/themes');
      await page.getByRole('heading', { level: 1, name: ar.errors.screenLoadFailed.title }).waitFor();
      expect(
        await page.getByRole('alert').filter({ hasText: ar.errors.screenLoadFailed.message }).count(),
      ).toBe(1);
      const body = await page.locator('body').innerText();
      expect(body).not.toMatch(/Unexpected Application Error|Failed to fetch|dynamically imported/);
      // The layout is still there: the navigation leads elsewhere, e.g. back to the overview.
      await page.getByRole('link', { name: ar.nav.home }).click();
      await waitForRoute(page, '#/dashboard/home');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: ar.errors.screenLoadFailed.title }).waitFor();
    } finally {
      await e2e.app.revive();
    }

    await page.getByRole('button', { name: ar.common.retry }).click();
    await page.getByRole('heading', { level: 1, name: ar.pages.themes }).waitFor();
    await page.close();
  });
});
