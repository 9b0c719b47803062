import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import arTemplates from '../../src/i18n/locales/ar/templates.json';
import { journeyPath, journeys, journeyStepKeys } from '../../scripts/qa/journeys.ts';
import { adminToken, api, newestMailTo } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { freePort, type RunningApp } from './support/app-server.ts';
import { waitForRoute } from './support/browser.ts';

/**
 * QA's printed journeys (npm run test:paths -- --machine journeys), walked in Chromium against
 * the real server, step by step: every step key of the journey (scripts/qa/journeys.ts) has a
 * driver here that does the step's action and checks its expected result. A journey listed in
 * WALKED with a step that has no driver fails. The other journeys are not walked yet (README).
 */
const WALKED = ['signInOut', 'passwordReset', 'theme', 'template'];

// PUBLIC_URL (where e-mailed links point) is this very server, so the reset link opens here.
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

/** The user of the password-reset journey (qa:journeys.passwordReset). */
const resetUser = { username: 'qa_reset_user', email: 'user@example.com', password: 'Old-pass-2025-1' };
const NEW_PASSWORD = 'A-strong-pass-2026';
// Required fields' labels end in Mantine's " *"; the new-password label is also inside the other one.
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

interface Walk {
  page: Page;
  app: RunningApp;
  token: string;
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
  'begin:auth': async ({ page, app }) => {
    await page.goto(`${app.baseUrl}/#/auth/login`);
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
  'step:forgot': async ({ page, app }) => {
    await page.goto(`${app.baseUrl}/#/auth/login`);
    await page.getByRole('link', { name: ar.auth.login.forgotPassword }).click();
    await waitForRoute(page, '#/auth/forget-password');
    await page.getByRole('heading', { level: 1, name: ar.auth.forgetPassword.title }).waitFor();
    await page.getByLabel(ar.auth.forgetPassword.email).waitFor();
  },
  'request-reset:reset.email.change': async ({ page }) => {
    const field = page.getByLabel(ar.auth.forgetPassword.email);
    await field.fill(resetUser.email);
    await expect.poll(() => field.inputValue()).toBe(resetUser.email);
  },
  'request-reset:reset.request': async ({ page }) => {
    await page.getByRole('button', { name: ar.auth.forgetPassword.submit }).click();
  },
  'request-reset:xstate.done.actor.requestResetLink': async ({ page }) => {
    await page.getByRole('status').filter({ hasText: ar.auth.forgetPassword.sent }).waitFor();
  },
  'step:openLink': async ({ page, app, token }) => {
    const message = await newestMailTo(app, token, resetUser.email);
    const body = `${message.text ?? ''}\n${message.html ?? ''}`;
    const link = body.match(/https?:\/\/[^\s"'<>]+#\/auth\/reset-password\?token=[^\s"'<>&]+/)?.[0];
    expect(link, 'the reset link in the e-mail').toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('heading', { level: 1, name: ar.auth.resetPassword.title }).waitFor();
  },
  'reset-password:xstate.done.actor.checkResetLink': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.password)).waitFor();
    await page.getByLabel(startsWith(ar.auth.resetPassword.confirmation)).waitFor();
  },
  'reset-password:reset.password.change': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.password)).fill(NEW_PASSWORD);
  },
  'reset-password:reset.confirmation.change': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.confirmation)).fill(NEW_PASSWORD);
  },
  'reset-password:reset.submit': async ({ page }) => {
    await page.getByRole('button', { name: ar.auth.resetPassword.submit }).click();
  },
  'reset-password:xstate.done.actor.resetPassword': async ({ page }) => {
    await waitForRoute(page, '#/auth/login');
    await page.getByText(ar.auth.resetPassword.done).waitFor();
  },
  'step:signInNew': async ({ page }) => {
    await page.getByLabel(ar.auth.login.username).fill(resetUser.username);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
    await waitForRoute(page, '#/dashboard/home');
    await page.getByText(ar.auth.loginSucceeded).waitFor();
  },
  'step:newTemplate': async ({ page, app }) => {
    await page.goto(`${app.baseUrl}/#/dashboard/services/templates`);
    await page.getByRole('heading', { name: arTemplates.list.heading }).waitFor();
    await page.getByRole('button', { name: arTemplates.list.new }).click();
    await page.getByLabel(arTemplates.editor.name).fill('Offer');
    await page.getByLabel(startsWith(arTemplates.editor.subject)).fill('Hello {{name}}');
    await page.getByRole('textbox', { name: arTemplates.editor.content }).click();
    await page.keyboard.type('Dear customer');
    await page.getByText(arTemplates.editor.unsaved).waitFor();
  },
  'step:save': async ({ page }) => {
    await page.getByRole('button', { name: arTemplates.editor.save }).click();
    await page.getByText(arTemplates.saved).waitFor();
    await page.getByRole('button', { name: arTemplates.editor.back }).click();
    await waitForRoute(page, '#/dashboard/services/templates');
    await page.getByRole('button', { name: arTemplates.list.open.replace('{{name}}', 'Offer') }).waitFor();
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
  const run = useAppAndBrowser({ PORT: String(port), PUBLIC_URL: baseUrl });
  let token = '';
  beforeAll(async () => {
    token = await adminToken(run.app);
    await api(run.app, 'POST', '/auth/users/', { token, body: { ...resetUser, role: 'sender' } });
  });

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
      app: run.app,
      token,
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
        // What the page showed instead, so the failure reads like a tester's report.
        const shown = await page
          .locator('body')
          .innerText()
          .catch(() => '');
        throw new Error(
          `${id}, step ${index + 1} "${step?.action}" -> "${step?.expected}" (${key}): ${String(error)}\nThe page showed: ${shown.slice(0, 2000)}`,
        );
      }
    }
    await page.close();
  });
});
