import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import ar from '../../../src/i18n/locales/ar/common.json';
import { waitForRoute } from './browser.ts';

/** Signs in through the Arabic login screen, as a person would, and waits for the dashboard. */
export async function signInAs(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/#/auth/login`);
  await page.getByLabel(ar.auth.login.username).fill(username);
  await page.getByLabel(ar.auth.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: ar.auth.login.submit }).click();
  await waitForRoute(page, '#/dashboard/home');
  expect(new URL(page.url()).hash).toBe('#/dashboard/home');
}
