import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, languages } from '../../src/i18n/languages.ts';
import { API_V1_PREFIX, v1Operations } from '../../contract/api-v1.contract.ts';
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
      // The reference screen has its own test below.
      for (const route of [developer.keys, developer.webhooks]) {
        await open(page, route);
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

  it('HTTP v1 reference: Scalar draws every tag and POST /send/ from openapi.json in both languages, samples call this address, nothing leaves the origin, axe passes', async () => {
    const page = await e2e.newPage();
    const origin = new URL(e2e.app.baseUrl).origin;
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    const baseUrl = `${origin}${API_V1_PREFIX}`;
    const send = v1Operations.find((operation) => operation.name === 'send')!;
    const tags = [...new Set(v1Operations.map((operation) => operation.tag))];
    // Scalar's own words in each language (its Arabic pack), so the test sees it followed the dashboard.
    const scalarRegion = {
      ar: 'وثائق واجهة برمجة التطبيقات لـ El Namer HTTP v1',
      en: 'API documentation for El Namer HTTP v1',
    };

    const problems: string[] = [];
    for (const language of languages) {
      await page.evaluate(({ k, v }) => window.localStorage.setItem(k, v), {
        k: LANGUAGE_STORAGE_KEY,
        v: language,
      });
      await page.reload();
      await open(page, developer.reference);
      const reference = page.getByRole('region', { name: scalarRegion[language], exact: true });
      const operation = reference.getByRole('heading', { name: send.summary, exact: true });
      await operation.waitFor({ timeout: 30_000 });
      await operation.scrollIntoViewIfNeeded();
      expect(await operation.isVisible()).toBe(true);
      // Its method and path, as the tag's list of endpoints shows them.
      expect(await reference.locator('a.endpoint[href$="/POST/send/"]').first().innerText()).toMatch(
        /POST\s*\/send\//i,
      );
      const sidebar = page.locator('.eln-openapi-viewer aside');
      for (const tag of tags) await sidebar.getByText(tag, { exact: true }).first().waitFor();
      // Scalar's code samples call the user's own address, not the document's PUBLIC_URL guess.
      await reference
        .locator('pre', { hasText: `${baseUrl}/send/` })
        .first()
        .waitFor();
      // The first-request examples above it too.
      expect(await page.getByText(/curl -X POST/).innerText()).toContain(`${baseUrl}/send/`);

      // Scalar's links stay inside it: the dashboard's hash route is left alone.
      await sidebar
        .getByRole('link', { name: /What a send would do/ })
        .first()
        .click();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).hash).toBe(`#${developer.reference}`);

      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.title()).not.toBe('');
      for (const violation of await seriousViolations(page)) problems.push(`${language}: ${violation}`);
    }
    // Leaving the screen takes Scalar's theme class off <body>; coming back brings the reference
    // (and its colours, which that class carries) back.
    await open(page, developer.keys);
    await page.waitForFunction(() => !document.body.classList.contains('light-mode'));
    await open(page, developer.reference);
    await page
      .getByRole('region', { name: scalarRegion.en, exact: true })
      .getByRole('heading', { name: send.summary, exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.body.classList.contains('light-mode'))).toBe(true);
    for (const violation of await seriousViolations(page)) problems.push(`en, again: ${violation}`);

    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
    await page.close();
  }, 300_000);
});
