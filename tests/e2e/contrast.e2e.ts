import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, languages, type Language } from '../../src/i18n/languages.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import arMailbox from '../../src/i18n/locales/ar/mailbox.json';
import enMailbox from '../../src/i18n/locales/en/mailbox.json';
import en from '../../src/i18n/locales/en/common.json';
import { paths } from '../../src/app/paths.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { waitForRoute } from './support/browser.ts';
import { lowContrastControls } from './support/contrast.ts';
import { dashboardScreens, publicScreens } from './support/screens.ts';
import { signInAs } from './support/sign-in.ts';

/** Two languages times some forty screens, without axe: a couple of minutes on two cores. */
const WALK_TIMEOUT_MS = 300_000;

async function open(page: Page, route: string) {
  await page.goto(`${page.url().split('#')[0]}#${route}`);
  await page.waitForFunction(
    () => document.querySelector('h1') !== null && document.querySelector('.mantine-Loader-root') === null,
    undefined,
    { timeout: 15_000 },
  );
  // Lists and badges fill in after the heading; colours are measured once they have.
  await untilQuiet(page);
}

/** Pages whose requests are being counted, with how many are under way. */
const inFlight = new WeakMap<Page, { count: number; last: number }>();

function countRequests(page: Page) {
  const state = { count: 0, last: Date.now() };
  inFlight.set(page, state);
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.last = Date.now();
  };
  page.on('request', () => {
    state.count += 1;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Until no request has been under way for 300 ms (a hash navigation has no load event). */
async function untilQuiet(page: Page) {
  const state = inFlight.get(page);
  if (!state) throw new Error('countRequests(page) first');
  const deadline = Date.now() + 15_000;
  while (state.count > 0 || Date.now() - state.last < 300) {
    if (Date.now() > deadline) throw new Error(`requests still under way at ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.waitForFunction(() => document.querySelector('.mantine-Loader-root') === null);
}

async function useLanguage(page: Page, baseUrl: string, language: Language) {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/#${paths.auth.login}`);
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: language,
  });
  await page.reload();
}

async function walk(page: Page, baseUrl: string, routes: string[]): Promise<string[]> {
  countRequests(page);
  const problems: string[] = [];
  for (const language of languages) {
    await useLanguage(page, baseUrl, language);
    for (const route of routes) {
      await open(page, route);
      for (const problem of await lowContrastControls(page))
        problems.push(`${language} ${route}: ${problem}`);
    }
  }
  return problems;
}

describe('contrast: the text of every visible button, link and badge, every screen, both languages', () => {
  const e2e = useAppAndBrowser();

  it(
    'signed-out screens reach 4.5:1 (3:1 for large text)',
    async () => {
      const page = await e2e.newPage();
      expect(await walk(page, e2e.app.baseUrl, publicScreens)).toEqual([]);
      // The measure can fail: a button painted in its own text colour is reported.
      await page.evaluate(() => {
        const button = document.createElement('button');
        button.textContent = 'invisible';
        button.style.cssText = 'color: rgb(201, 42, 42); background: rgb(201, 42, 42)';
        document.body.append(button);
      });
      expect((await lowContrastControls(page)).join('\n')).toMatch(/"invisible".*1\.00:1/);
      await page.close();
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'dashboard screens reach it too, the Security sessions with another device signed in',
    async () => {
      // A second browser context is a second device: Security then lists a session to end.
      const other = await e2e.newPage();
      await signInAs(other, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      const page = await e2e.newPage();
      await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      expect(await walk(page, e2e.app.baseUrl, dashboardScreens)).toEqual([]);
      await other.close();
      await page.close();
    },
    WALK_TIMEOUT_MS,
  );

  it('a confirm dialog names its close button, focuses the safe answer and keeps its contrast', async () => {
    const page = await e2e.newPage();
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    for (const [language, common, mailbox] of [
      ['ar', ar, arMailbox],
      ['en', en, enMailbox],
    ] as const) {
      await useLanguage(page, e2e.app.baseUrl, language);
      if (!inFlight.has(page)) countRequests(page);
      await open(page, paths.dashboard.mailbox);
      await page.getByRole('button', { name: mailbox.clear.button }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: common.common.close, exact: true }).waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(common.common.cancel);
      expect(await lowContrastControls(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await waitForRoute(page, `#${paths.dashboard.mailbox}`);
    await page.close();
  });
});
