import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, languages, type Language } from '../../src/i18n/languages.ts';
import arSend from '../../src/i18n/locales/ar/send.json';
import enSend from '../../src/i18n/locales/en/send.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { signInAs } from './support/sign-in.ts';

// Issue 22, defect 2: the first mouse click on "Send now" was lost right after the review
// rendered: the cost check's loader above the button went away when the answer came, so the
// button moved up under a pointer already aimed at it. Here the answers are held until the
// pointer is in place, so the test is the same on a fast and a slow machine.

const texts = { ar: arSend, en: enSend };

/** Requests to `path` wait until `release()` is called; `seen` counts them. */
async function hold(page: Page, path: string) {
  const waiting: Route[] = [];
  let open = false;
  const state = { seen: 0 };
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      state.seen += 1;
      if (open) return route.continue();
      waiting.push(route);
    },
  );
  return {
    state,
    release: async () => {
      open = true;
      for (const route of waiting.splice(0)) await route.continue();
    },
    stop: () => page.unroute((url) => url.pathname === path),
  };
}

/** Fills the wizard for one recipient up to the schedule step, with the mouse. */
async function toSchedule(page: Page, baseUrl: string, language: Language, subject: string) {
  const t = texts[language];
  await page.goto(`${baseUrl}/#${paths.dashboard.send.user}`);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: t.heading.single }).waitFor();
  const next = () => page.getByRole('button', { name: t.nav.next, exact: true }).click();
  await next();
  await page.getByLabel(t.recipients.email).fill(`one-click-${Date.now()}@example.com`);
  await page.getByLabel(t.recipients.name).fill('Sara');
  await next();
  await page.getByRole('heading', { level: 2, name: t.steps.message }).waitFor();
  await page.getByLabel(t.message.subject).fill(subject);
  await page.getByLabel(t.message.senderName).fill('El Namer');
  await page.getByText(t.message.html, { exact: true }).click();
  await page.locator('[data-testid="html-editor"] .cm-content').click();
  await page.keyboard.type('<p>One click is enough.</p>');
  for (const step of [t.steps.attachments, t.steps.survey, t.steps.schedule]) {
    await next();
    await page.getByRole('heading', { level: 2, name: step }).waitFor();
  }
}

describe('the send button takes one click, and only one', () => {
  const e2e = useAppAndBrowser();

  it(
    'one mouse click aimed while the review is checking sends; a double click sends once',
    { timeout: 300_000 },
    async () => {
      // Tall enough to show the whole review without scrolling, as on a large screen.
      const page = await e2e.newPage(1400);
      await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      for (const language of languages as readonly Language[]) {
        const t = texts[language];
        await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
          key: LANGUAGE_STORAGE_KEY,
          value: language,
        });
        for (const clicks of [1, 2]) {
          const subject = `Click ${clicks} ${language} ${Date.now()}`;
          await toSchedule(page, e2e.app.baseUrl, language, subject);
          const check = await hold(page, '/api/send/check/');
          const sends = await hold(page, '/api/send/');
          await page.getByRole('button', { name: t.nav.next, exact: true }).click();
          await page.getByRole('heading', { level: 2, name: t.steps.review }).waitFor();
          // The person sees the button (still checking) and puts the pointer on it.
          const button = page.getByRole('button', { name: t.nav.send, exact: true });
          await button.scrollIntoViewIfNeeded();
          const box = (await button.boundingBox())!;
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          await page.mouse.move(x, y);
          // The cost arrives; as soon as the button can be pressed, it is pressed, right there.
          await check.release();
          await expect.poll(() => button.isEnabled()).toBe(true);
          if (clicks === 1) await page.mouse.click(x, y);
          else await page.mouse.dblclick(x, y);
          await expect.poll(() => sends.state.seen).toBe(1);
          // While the server is accepting it, the button shows the work and takes no second send.
          expect(await button.getAttribute('data-loading')).not.toBeNull();
          expect(await button.isDisabled()).toBe(true);
          await page.mouse.click(x, y);
          await sends.release();
          await page.getByRole('heading', { level: 2, name: t.done.sent }).waitFor();
          expect(sends.state.seen).toBe(1);
          // The server accepted exactly one campaign, and the result links to it.
          const log = page.getByRole('link', { name: t.done.log });
          expect(await log.getAttribute('href')).toMatch(/#\/dashboard\/logs\/email\/[0-9a-f-]{36}$/);
          await check.stop();
          await sends.stop();
        }
      }
    },
  );
});
