import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import ar from '../../../src/i18n/locales/ar/common.json';
import arRecipients from '../../../src/i18n/locales/ar/recipients.json';
import arTemplates from '../../../src/i18n/locales/ar/templates.json';
import { newestMailTo } from '../support/admin-api.ts';
import { waitForRoute } from '../support/browser.ts';
import { counted, fill, openNav, startsWith, type Driver } from './walk.ts';

/**
 * Sign-in, password reset, themes, templates and recipient lists: the actions (by step id) and
 * the checks (by state) of the journeys through them (scripts/qa/journeys.ts).
 */

/** The user of the password-reset journey (its preconditions: qa:journeys.passwordReset). */
export const resetUser = {
  username: 'qa_reset_user',
  email: 'user@example.com',
  password: 'Old-pass-2025-1',
};
export const NEW_PASSWORD = 'A-strong-pass-2026';
const OCEAN_PRIMARY = '#1e90ff';
const primaryVariable = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim().toLowerCase(),
  );
/** The file of the list-import journey: a header row and three rows. */
export const customersCsv = 'email,name\nali@example.com,Ali\nmona@example.com,Mona\nomar@example.com,Omar\n';

/** A server's answer: the tester arranged it in the preconditions, so there is nothing to press. */
export const serverAnswers: Driver = async () => undefined;

const signInForm: Driver = async ({ page }) => {
  await page.getByLabel(ar.auth.login.username).waitFor();
  await page.getByLabel(ar.auth.login.password, { exact: true }).waitFor();
  await page.getByRole('button', { name: ar.auth.login.submit }).waitFor();
};

export const actions: Record<string, Driver> = {
  // A fresh browser context: nothing is stored, so the page finds no earlier sign-in.
  'begin:auth': async ({ page, app }) => {
    await page.goto(`${app.baseUrl}/#/auth/login`);
  },
  'auth:xstate.done.actor.restoreSession#1': serverAnswers,
  'auth:auth.login#0': async ({ page, username, password }) => {
    await page.getByLabel(ar.auth.login.username).fill(username);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
  },
  'auth:xstate.done.actor.login#1': serverAnswers,
  'auth:xstate.done.actor.fetchUserStatus': serverAnswers,
  'auth:auth.logout': async ({ page, username }) => {
    await page.getByRole('button', { name: username }).click();
    await page.getByRole('menuitem', { name: ar.header.logout }).click();
  },
  'auth:xstate.done.actor.logout': serverAnswers,

  'passwordReset/forgot': async ({ page, app }) => {
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
  'request-reset:xstate.done.actor.requestResetLink': serverAnswers,
  'passwordReset/openLink': async ({ page, app, token }) => {
    const message = await newestMailTo(app, token, resetUser.email);
    const body = `${message.text ?? ''}\n${message.html ?? ''}`;
    const link = body.match(/https?:\/\/[^\s"'<>]+#\/auth\/reset-password\?token=[^\s"'<>&]+/)?.[0];
    expect(link, 'the reset link in the e-mail').toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('heading', { level: 1, name: ar.auth.resetPassword.title }).waitFor();
  },
  'reset-password:xstate.done.actor.checkResetLink': serverAnswers,
  'reset-password:reset.password.change': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.password)).fill(NEW_PASSWORD);
  },
  'reset-password:reset.confirmation.change': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.confirmation)).fill(NEW_PASSWORD);
  },
  'reset-password:reset.submit': async ({ page }) => {
    await page.getByRole('button', { name: ar.auth.resetPassword.submit }).click();
  },
  'reset-password:xstate.done.actor.resetPassword': serverAnswers,
  'passwordReset/signInNew': async ({ page }) => {
    await page.getByLabel(ar.auth.login.username).fill(resetUser.username);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
    await waitForRoute(page, '#/dashboard/home');
    await page.getByText(ar.auth.loginSucceeded).waitFor();
  },

  'theme/openThemes': async ({ page }) => {
    await openNav(page, null, ar.nav.themes);
    await waitForRoute(page, '#/dashboard/themes');
    await page.getByRole('heading', { name: ar.themes.addTitle }).waitFor();
  },
  'theme-form:theme.form.change': async ({ page }) => {
    await page.getByLabel(ar.themes.name).fill('Ocean');
    await page.getByRole('textbox', { name: ar.themes.primary, exact: true }).fill(OCEAN_PRIMARY);
    // Click outside to close the colour picker, as a person would; the typed value stays.
    await page.getByRole('heading', { name: ar.themes.addTitle }).click();
  },
  'theme-form:theme.add': async ({ page, found }) => {
    await page.getByRole('button', { name: ar.themes.add, exact: true }).click();
    found.themeAdded = 'Ocean';
  },
  'theme-form:xstate.done.actor.createTheme': serverAnswers,
  'theme-activation:theme.activate': async ({ page }) => {
    const card = page.getByRole('article', { name: 'Ocean' });
    await card.getByRole('button', { name: fill(ar.themes.activateTheme, { name: 'Ocean' }) }).click();
  },
  'theme-activation:xstate.done.actor.activateTheme': serverAnswers,
  'theme/colours': async ({ page }) => {
    await expect.poll(() => primaryVariable(page)).toBe(OCEAN_PRIMARY);
    await page.reload();
    await page.getByRole('heading', { name: ar.themes.addTitle }).waitFor();
    await expect.poll(() => primaryVariable(page)).toBe(OCEAN_PRIMARY);
  },

  'template/newTemplate': async ({ page }) => {
    await openNav(page, ar.nav.services, ar.nav.templates);
    await page.getByRole('heading', { name: arTemplates.list.heading }).waitFor();
    await page.getByRole('button', { name: arTemplates.list.new }).click();
    await page.getByLabel(arTemplates.editor.name).fill('Offer');
    await page.getByLabel(startsWith(arTemplates.editor.subject)).fill('Hello {{name}}');
    await page.getByRole('textbox', { name: arTemplates.editor.content }).click();
    await page.keyboard.type('Dear customer');
    await page.getByText(arTemplates.editor.unsaved).waitFor();
  },
  'template/save': async ({ page }) => {
    await page.getByRole('button', { name: arTemplates.editor.save }).click();
    await page.getByText(arTemplates.saved).waitFor();
    await page.getByRole('button', { name: arTemplates.editor.back }).click();
    await waitForRoute(page, '#/dashboard/services/templates');
    await page.getByRole('button', { name: fill(arTemplates.list.open, { name: 'Offer' }) }).waitFor();
  },

  'listImport/newList': async ({ page }) => {
    await openNav(page, null, ar.nav.recipients);
    await page.getByRole('heading', { level: 1, name: arRecipients.lists.title }).waitFor();
    await page.getByLabel(arRecipients.lists.newName).fill('Customers');
    await page.getByRole('button', { name: arRecipients.lists.add }).click();
    await page.getByText(arRecipients.toast.listAdded).waitFor();
    await page.getByRole('link', { name: 'Customers', exact: true }).waitFor();
  },
  'listImport/openList': async ({ page }) => {
    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByText(arRecipients.import.title).first().waitFor();
  },
  'listImport/import': async ({ page }) => {
    await page.locator('input[type="file"]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(customersCsv),
    });
    await page.getByRole('button', { name: arRecipients.import.choose }).click();
    const start = page.getByRole('button', { name: counted(arRecipients.import, 'start', 3) });
    await start.waitFor({ timeout: 30_000 });
    const mapped = (column: string) =>
      page.getByRole('combobox', { name: `${arRecipients.import.mapTo} ${column}` }).inputValue();
    expect(await mapped('email')).toBe(arRecipients.fields.email);
    expect(await mapped('name')).toBe(arRecipients.fields.name);
  },
  'listImport/mapColumns': async ({ page }) => {
    await page.getByRole('button', { name: counted(arRecipients.import, 'start', 3) }).click();
    await page.getByRole('heading', { name: arRecipients.import.summaryTitle }).waitFor({ timeout: 30_000 });
    await page.getByText(fill(arRecipients.import.added, { count: 3 }), { exact: true }).waitFor();
    const table = page.getByRole('table');
    for (const email of ['ali@example.com', 'mona@example.com', 'omar@example.com']) {
      await table.getByText(email, { exact: true }).waitFor();
    }
  },
};

export const checks: Record<string, Driver> = {
  'auth@signedOut.idle': signInForm,
  'auth@signedIn.current': async ({ page }) => {
    await waitForRoute(page, '#/dashboard/home');
    await page.getByRole('navigation', { name: ar.nav.label }).waitFor();
    await page.getByRole('heading', { level: 1, name: ar.home.title }).waitFor();
    await page.getByText(ar.home.remaining).waitFor();
  },
  'request-reset@idle': async ({ page }) => {
    await page.getByRole('heading', { level: 1, name: ar.auth.forgetPassword.title }).waitFor();
    await page.getByLabel(ar.auth.forgetPassword.email).waitFor();
  },
  'request-reset@sent': async ({ page }) => {
    await page.getByRole('status').filter({ hasText: ar.auth.forgetPassword.sent }).waitFor();
  },
  'reset-password@valid.validation.pristine+valid.submission.idle': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.password)).waitFor();
    await page.getByLabel(startsWith(ar.auth.resetPassword.confirmation)).waitFor();
    expect(await page.getByRole('button', { name: ar.auth.resetPassword.submit }).isEnabled()).toBe(true);
  },
  'reset-password@valid.validation.judged+valid.submission.idle': async ({ page }) => {
    await page.getByLabel(startsWith(ar.auth.resetPassword.password)).waitFor();
    expect(await page.getByRole('button', { name: ar.auth.resetPassword.submit }).isEnabled()).toBe(true);
  },
  'reset-password@done': async ({ page }) => {
    await waitForRoute(page, '#/auth/login');
    await page.getByText(ar.auth.resetPassword.done).waitFor();
  },
  'theme-form@editing': async ({ page, found }) => {
    await page.getByRole('heading', { name: ar.themes.addTitle }).waitFor();
    // After a save: its toast, and the new theme's card.
    if (found.themeAdded) {
      await page.getByText(ar.themes.added).waitFor();
      await page.getByRole('article', { name: found.themeAdded }).waitFor();
    }
  },
  'theme-activation@idle': async ({ page }) => {
    await page.getByText(ar.themes.activated).waitFor();
    await page.getByRole('article', { name: 'Ocean' }).getByText(ar.themes.active).waitFor();
  },
};
