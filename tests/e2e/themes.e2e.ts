import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const FALLBACK_PRIMARY = 'rgb(190, 39, 206)'; // #be27ce, spec §3
const OCEAN_PRIMARY = 'rgb(30, 144, 255)'; // #1e90ff

/** The colour a person sees on the app's main buttons, and the variable every screen reads. */
async function appliedPrimary(page: Page) {
  const addButton = page.getByRole('button', { name: ar.themes.add, exact: true });
  const background = await addButton.evaluate((element) => getComputedStyle(element).backgroundColor);
  const variable = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim().toLowerCase(),
  );
  return { background, variable };
}

describe('themes in the built app', () => {
  const run = useAppAndBrowser();

  it('adds a theme, activates it to recolour the app, deletes it and returns to the fallback', async () => {
    const { app } = run;
    const page = await run.newPage(900);
    await signInAs(page, app.baseUrl, app.adminUsername, app.adminPassword);
    await page.getByRole('link', { name: ar.nav.themes }).click();
    await waitForRoute(page, '#/dashboard/themes');
    await page.getByRole('heading', { name: ar.themes.addTitle }).waitFor();
    expect(await appliedPrimary(page)).toEqual({ background: FALLBACK_PRIMARY, variable: '#be27ce' });

    // The spec's screen sends an add with an empty name; the server's answer comes back translated.
    await page.getByRole('button', { name: ar.themes.add, exact: true }).click();
    await page.getByText(ar.validation.required).first().waitFor();

    await page.getByLabel(ar.themes.name).fill('Ocean');
    const primaryInput = page.getByRole('textbox', { name: ar.themes.primary, exact: true });
    await primaryInput.fill('#1e90ff');
    // Click outside to close the colour picker, as a person would; the typed value stays.
    await page.getByRole('heading', { name: ar.themes.addTitle }).click();
    await page.getByRole('button', { name: ar.themes.add, exact: true }).click();
    const card = page.getByRole('article', { name: 'Ocean' });
    await card.waitFor();
    await expect.poll(() => page.getByLabel(ar.themes.name).inputValue()).toBe('');
    expect(await card.getByText(ar.themes.active).count()).toBe(0);
    await screenshot(page, 'themes-added-ar');

    await card.getByRole('button', { name: ar.themes.activateTheme.replace('{{name}}', 'Ocean') }).click();
    await card.getByText(ar.themes.active).waitFor();
    await expect.poll(() => appliedPrimary(page)).toEqual({ background: OCEAN_PRIMARY, variable: '#1e90ff' });
    expect(await card.getByRole('button', { name: ar.themes.activate }).count()).toBe(0);
    await screenshot(page, 'themes-active-ar');

    await card.getByRole('button', { name: ar.themes.deleteTheme.replace('{{name}}', 'Ocean') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: ar.themes.confirmDelete }).click();
    await card.waitFor({ state: 'detached' });
    await expect
      .poll(() => appliedPrimary(page))
      .toEqual({ background: FALLBACK_PRIMARY, variable: '#be27ce' });
    await page.close();
  });
});
