import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, languages, type Language } from '../../src/i18n/languages.ts';
import arSend from '../../src/i18n/locales/ar/send.json';
import enSend from '../../src/i18n/locales/en/send.json';
import { adminToken, newestMailTo } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

const texts = { ar: arSend, en: enSend };

/** Serious and critical axe findings on the page as it is now, plus the count of h1s. */
async function audit(page: Page): Promise<string[]> {
  const problems = await seriousViolations(page);
  const h1s = await page.locator('h1').count();
  return h1s === 1 ? problems : [...problems, `${h1s} h1 elements`];
}

describe('send wizard in the browser: every step axe-clean, and a real send reaches the mailbox', () => {
  // A new installation as it comes: the administrator sends from the default address it was given.
  const e2e = useAppAndBrowser();

  it(
    'sends to one recipient in Arabic and English, by keyboard where a person would',
    { timeout: 300_000 },
    async () => {
      const page = await e2e.newPage(1000);
      await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      const token = await adminToken(e2e.app);
      const problems: string[] = [];
      for (const language of languages as readonly Language[]) {
        const t = texts[language];
        await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
          key: LANGUAGE_STORAGE_KEY,
          value: language,
        });
        await page.goto(`${e2e.app.baseUrl}/#${paths.dashboard.send.user}`);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: t.heading.single }).waitFor();
        const check = async (step: string) => {
          await page.getByRole('heading', { level: 2, name: step }).waitFor();
          await page.waitForTimeout(300);
          for (const problem of await audit(page)) problems.push(`${language} ${step}: ${problem}`);
          await screenshot(page, `send-${language}-${step}`);
        };
        const next = () => page.getByRole('button', { name: t.nav.next, exact: true }).click();
        const recipient = `reader-${language}@example.com`;

        await check(t.steps.recipients);
        await next();
        await page.getByText(t.recipients.selectUser).waitFor();
        await page.getByLabel(t.recipients.email).fill(recipient);
        await page.getByLabel(t.recipients.name).fill('Sara');
        await next();
        await check(t.steps.message);
        const subject = `Wizard ${language} ${Date.now()}`;
        await page.getByLabel(t.message.subject).fill(subject);
        await page.getByLabel(t.message.senderName).fill('El Namer');
        // The HTML editor (CodeMirror): the visual one is covered by the screen tests.
        await page.getByText(t.message.html, { exact: true }).click();
        const content = page.locator('[data-testid="html-editor"] .cm-content');
        await content.click();
        await page.keyboard.type('<p>Hello there, this comes from the wizard.</p>');
        await next();
        await check(t.steps.attachments);
        await next();
        await check(t.steps.survey);
        await page.getByRole('radio', { name: t.survey.yesNo }).check();
        await page.getByLabel(t.survey.question).fill('Will you come?');
        await next();
        await check(t.steps.schedule);
        await next();
        await check(t.steps.review);
        // The review asks the server for the cost first; the send button waits for that answer.
        const sendButton = page.getByRole('button', { name: t.nav.send, exact: true });
        await expect
          .poll(() =>
            sendButton.evaluate(
              (button) => !button.hasAttribute('data-loading') && !(button as HTMLButtonElement).disabled,
            ),
          )
          .toBe(true);
        await page.waitForTimeout(500);
        // By keyboard, as a person without a mouse sends.
        await sendButton.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: t.done.sent }).waitFor();
        for (const problem of await audit(page)) problems.push(`${language} done: ${problem}`);
        const log = page.getByRole('link', { name: t.done.log });
        const href = await log.getAttribute('href');
        expect(href).toMatch(/#\/dashboard\/logs\/email\/[0-9a-f-]{36}$/);

        const mail = await newestMailTo(e2e.app, token, recipient);
        expect(mail.subject).toBe(subject);
        expect(mail.html ?? '').toContain('Hello there, this comes from the wizard.');
        await log.click();
        await waitForRoute(page, href!.slice(href!.indexOf('#')));
      }
      expect(problems).toEqual([]);
    },
  );
});
