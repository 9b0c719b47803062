import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, languages, type Language } from '../../src/i18n/languages.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { screenshot } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import { seriousViolations } from './support/axe.ts';

const someId = '00000000-0000-4000-8000-000000000001';
const { auth, dashboard, payment } = paths;
/** axe on some thirty screens twice takes minutes on a busy two-core machine. */
const AUDIT_TIMEOUT_MS = 600_000;

/** Every screen a signed-out visitor can open. */
const publicRoutes = [
  auth.login,
  auth.forgetPassword,
  auth.resetPassword,
  paths.landing,
  payment.success,
  payment.failed,
  paths.redirect307,
  paths.forbidden,
  '/no-such-page',
];

/** Every dashboard screen, as the administrator sees it (who sees every one). */
const dashboardRoutes = [
  dashboard.home,
  dashboard.themes,
  dashboard.send.user,
  dashboard.send.list,
  dashboard.send.group,
  dashboard.send.excel,
  dashboard.recipients,
  dashboard.recipientList(someId),
  dashboard.groups,
  dashboard.group(someId),
  dashboard.users,
  dashboard.usersAmount,
  dashboard.logs.email,
  dashboard.logs.emailEntry(someId),
  dashboard.services.templates,
  dashboard.mailbox,
  dashboard.contact,
  dashboard.financial.statement,
  dashboard.settings.profile,
  dashboard.settings.security,
  dashboard.settings.senders,
  dashboard.settings.userSenders(someId),
];

type Audit = { title: string; h1s: string[]; violations: string[] };

/** Opens `route` in the running app and waits until its screen (not a spinner) is shown. */
async function open(page: Page, route: string) {
  await page.goto(`${page.url().split('#')[0]}#${route}`);
  await page.waitForFunction(
    () => document.querySelector('h1') !== null && document.querySelector('.mantine-Loader-root') === null,
    undefined,
    { timeout: 15_000 },
  );
  // Transitions (modals, collapses) settle before colours are measured.
  await page.waitForTimeout(300);
}

/** axe-core on the page as it is now (serious and critical findings), its title and its h1s. */
async function audit(page: Page): Promise<Audit> {
  return {
    title: await page.title(),
    h1s: await page.locator('h1').allInnerTexts(),
    violations: await seriousViolations(page),
  };
}

async function useLanguage(page: Page, baseUrl: string, language: Language) {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/#${auth.login}`);
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: language,
  });
  await page.reload();
}

function expectAccessible(results: Map<string, Audit>) {
  const problems: string[] = [];
  for (const [where, result] of results) {
    for (const violation of result.violations) problems.push(`${where}: ${violation}`);
    if (result.h1s.length !== 1)
      problems.push(`${where}: ${result.h1s.length} h1 elements (${result.h1s.join(' | ')})`);
  }
  expect(problems).toEqual([]);
}

/** Each route has its own title, and the title is translated. */
function expectTitles(results: Map<string, Audit>, routes: string[]) {
  for (const route of routes) {
    const [ar, en] = languages.map((language) => results.get(`${language} ${route}`)?.title);
    expect(ar, route).toBeTruthy();
    expect(ar, route).not.toBe(en);
  }
  for (const language of languages) {
    const titles = new Set(routes.map((route) => results.get(`${language} ${route}`)?.title));
    // Detail pages share their list's name ("Group"), the rest differ from each other.
    expect(titles.size, language).toBeGreaterThan(routes.length / 2);
  }
}

describe('accessibility: every screen in Arabic and English (axe-core, serious and critical)', () => {
  const e2e = useAppAndBrowser();

  it(
    'public screens, signed out',
    async () => {
      const page = await e2e.newPage();
      const results = new Map<string, Audit>();
      for (const language of languages) {
        await useLanguage(page, e2e.app.baseUrl, language);
        for (const route of publicRoutes) {
          await open(page, route);
          const result = await audit(page);
          results.set(`${language} ${route}`, result);
          // Printed as it goes, so a run that times out still tells what it found.
          console.info(`${language} ${route}: "${result.title}" h1=${result.h1s.length}`, result.violations);
          await screenshot(page, `a11y-${language}${route.replaceAll('/', '_')}`);
        }
      }
      // The check itself can fail: a nameless icon button, as the eye-droppers were, is reported.
      await page.evaluate(() => {
        const button = document.createElement('button');
        button.id = 'nameless';
        button.innerHTML = '<svg width="10" height="10"></svg>';
        document.body.append(button);
      });
      expect((await audit(page)).violations.join('\n')).toMatch(/button-name.*#nameless/);
      expectAccessible(results);
      expectTitles(results, publicRoutes);
      await page.close();
    },
    AUDIT_TIMEOUT_MS,
  );

  it(
    'dashboard screens, signed in as the administrator',
    async () => {
      const page = await e2e.newPage();
      await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      const results = new Map<string, Audit>();
      for (const language of languages) {
        await useLanguage(page, e2e.app.baseUrl, language);
        for (const route of dashboardRoutes) {
          await open(page, route);
          const result = await audit(page);
          results.set(`${language} ${route}`, result);
          // Printed as it goes, so a run that times out still tells what it found.
          console.info(`${language} ${route}: "${result.title}" h1=${result.h1s.length}`, result.violations);
          await screenshot(page, `a11y-${language}${route.replaceAll('/', '_')}`);
        }
      }
      expectAccessible(results);
      expectTitles(results, dashboardRoutes);
      await page.close();
    },
    AUDIT_TIMEOUT_MS,
  );

  it('moves focus to the new page heading after sign-in and after each navigation', async () => {
    const page = await e2e.newPage();
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    const focusedHeading = () =>
      page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 15_000 });
    await focusedHeading();
    await page.getByRole('link', { name: ar.nav.themes }).click();
    await page.waitForFunction(() => location.hash === '#/dashboard/themes');
    await focusedHeading();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      await page.locator('h1').innerText(),
    );
    await page.close();
  });
});
