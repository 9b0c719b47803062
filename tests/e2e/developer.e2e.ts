import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, languages } from '../../src/i18n/languages.ts';
import arDeveloper from '../../src/i18n/locales/ar/developer.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAs } from './support/sign-in.ts';

const { developer } = paths.dashboard.settings;

async function open(page: Page, route: string) {
  await page.goto(`${page.url().split('#')[0]}#${route}`);
  await page.waitForFunction(
    () => document.querySelector('h1') !== null && document.querySelector('.mantine-Loader-root') === null,
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

describe('developer tools in Chromium', () => {
  const e2e = useAppAndBrowser();

  it('creates an API key in the dashboard, calls /api/v1 with it, and every developer screen passes axe in both languages', async () => {
    const page = await e2e.newPage();
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);

    // Arabic (the default): a key made through the screen works on the v1 API at once.
    await open(page, developer.keys);
    await page.getByRole('button', { name: arDeveloper.keys.new }).click();
    const form = page.getByRole('dialog', { name: arDeveloper.keys.form.title });
    await form.getByLabel(arDeveloper.keys.form.name).fill('E2E');
    await form.getByRole('button', { name: arDeveloper.keys.form.submit }).click();
    const shown = page.getByRole('dialog', { name: arDeveloper.keys.shown.title });
    const key = (await shown.getByText(/^eln_/).innerText()).trim();
    expect(key).toMatch(/^eln_/);
    const answer = await fetch(`${e2e.app.baseUrl}/api/v1/logs/email/`, {
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'ar' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toMatch(/q=\d+;w=60/);
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await shown.getByRole('button', { name: arDeveloper.keys.shown.done }).click();

    const problems: string[] = [];
    for (const language of languages) {
      await page.evaluate(({ k, v }) => window.localStorage.setItem(k, v), {
        k: LANGUAGE_STORAGE_KEY,
        v: language,
      });
      await page.reload();
      for (const route of [developer.keys, developer.webhooks, developer.reference]) {
        await open(page, route);
        if (route === developer.reference) {
          await page.getByRole('region', { name: 'POST /send/', exact: true }).waitFor({ timeout: 15_000 });
        }
        const h1s = await page.locator('h1').allInnerTexts();
        if (h1s.length !== 1) problems.push(`${language} ${route}: ${h1s.length} h1`);
        if (!(await page.title())) problems.push(`${language} ${route}: no title`);
        for (const violation of await seriousViolations(page))
          problems.push(`${language} ${route}: ${violation}`);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);
});
