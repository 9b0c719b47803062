import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import { journeyPath, journeys, journeyStepKeys } from '../../scripts/qa/journeys.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { waitForRoute } from './support/browser.ts';

/**
 * QA's printed journeys (npm run test:paths -- --machine journeys), walked in Chromium against
 * the real server, step by step: every step key of the journey (scripts/qa/journeys.ts) has a
 * driver here that does the step's action and checks its expected result. A journey listed in
 * WALKED with a step that has no driver fails. The other journeys are not walked yet (README).
 */
const WALKED = ['signInOut', 'theme'];

interface Walk {
  page: Page;
  baseUrl: string;
  username: string;
  password: string;
}
type Driver = (walk: Walk) => Promise<void>;

const OCEAN_PRIMARY = '#1e90ff';
const primaryVariable = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim().toLowerCase(),
  );

const drivers: Record<string, Driver> = {
  'begin:auth': async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/#/auth/login`);
  },
  'auth:xstate.done.actor.restoreSession#1': async ({ page }) => {
    // A fresh browser page: nothing stored, so the sign-in form shows.
    await page.getByLabel(ar.auth.login.username).waitFor();
    await page.getByRole('button', { name: ar.auth.login.submit }).waitFor();
  },
  'auth:auth.login#0': async ({ page, username, password }) => {
    await page.getByLabel(ar.auth.login.username).fill(username);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
  },
  'auth:xstate.done.actor.login#1': async ({ page }) => {
    await waitForRoute(page, '#/dashboard/home');
  },
  'auth:xstate.done.actor.fetchUserStatus': async ({ page }) => {
    await page.getByRole('navigation', { name: ar.nav.label }).waitFor();
    await page.getByRole('heading', { name: ar.home.title }).waitFor();
  },
  'auth:auth.logout': async ({ page, username }) => {
    await page.getByRole('button', { name: username }).click();
    await page.getByRole('menuitem', { name: ar.header.logout }).click();
  },
  'auth:xstate.done.actor.logout': async ({ page }) => {
    await waitForRoute(page, '#/auth/login');
    await page.getByLabel(ar.auth.login.username).waitFor();
    await page.getByRole('button', { name: ar.auth.login.submit }).waitFor();
  },
  'step:openThemes': async ({ page }) => {
    await page.getByRole('link', { name: ar.nav.themes }).click();
    await waitForRoute(page, '#/dashboard/themes');
    await page.getByRole('heading', { name: ar.themes.addTitle }).waitFor();
  },
  'theme-form:theme.form.change': async ({ page }) => {
    await page.getByLabel(ar.themes.name).fill('Ocean');
    await page.getByRole('textbox', { name: ar.themes.primary, exact: true }).fill(OCEAN_PRIMARY);
    // Click outside to close the colour picker, as a person would; the typed value stays.
    await page.getByRole('heading', { name: ar.themes.addTitle }).click();
  },
  'theme-form:theme.add': async ({ page }) => {
    await page.getByRole('button', { name: ar.themes.add, exact: true }).click();
  },
  'theme-form:xstate.done.actor.createTheme': async ({ page }) => {
    await page.getByText(ar.themes.added).waitFor();
    await page.getByRole('article', { name: 'Ocean' }).waitFor();
  },
  'theme-activation:theme.activate': async ({ page }) => {
    const card = page.getByRole('article', { name: 'Ocean' });
    await card.getByRole('button', { name: ar.themes.activateTheme.replace('{{name}}', 'Ocean') }).click();
  },
  'theme-activation:xstate.done.actor.activateTheme': async ({ page }) => {
    await page.getByText(ar.themes.activated).waitFor();
    await page.getByRole('article', { name: 'Ocean' }).getByText(ar.themes.active).waitFor();
  },
  'step:colours': async ({ page }) => {
    await expect.poll(() => primaryVariable(page)).toBe(OCEAN_PRIMARY);
    await page.reload();
    await page.getByRole('heading', { name: ar.themes.addTitle }).waitFor();
    await expect.poll(() => primaryVariable(page)).toBe(OCEAN_PRIMARY);
  },
};

describe('QA journeys walked in Chromium (Arabic)', () => {
  const run = useAppAndBrowser();

  it('has a driver for every step of the walked journeys, and prints one step per key', () => {
    for (const id of WALKED) {
      const journey = journeys.find((item) => item.id === id);
      expect(journey, id).toBeDefined();
      const keys = journeyStepKeys(journey!);
      expect(keys.filter((key) => !drivers[key])).toEqual([]);
      // What QA reads has exactly these steps, so each printed step is the one walked.
      expect(journeyPath('ar', journey!).steps).toHaveLength(keys.length);
    }
  });

  it.each(WALKED)('walks the journey %s step by step', async (id) => {
    const journey = journeys.find((item) => item.id === id)!;
    const printed = journeyPath('ar', journey).steps;
    const page = await run.newPage(900);
    const walk = {
      page,
      baseUrl: run.app.baseUrl,
      username: run.app.adminUsername,
      password: run.app.adminPassword,
    };
    for (const [index, key] of journeyStepKeys(journey).entries()) {
      const driver = drivers[key];
      if (!driver) throw new Error(`${id}: step ${index + 1} (${key}) cannot be walked`);
      const step = printed[index];
      try {
        await driver(walk);
      } catch (error) {
        throw new Error(
          `${id}, step ${index + 1} "${step?.action}" -> "${step?.expected}" (${key}): ${String(error)}`,
        );
      }
    }
    await page.close();
  });
});
