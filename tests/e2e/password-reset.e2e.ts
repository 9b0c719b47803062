import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import en from '../../src/i18n/locales/en/common.json';
import arMail from '../../src/i18n/locales/ar/mail.json';
import enMail from '../../src/i18n/locales/en/mail.json';
import arPayments from '../../src/i18n/locales/ar/payments.json';
import enPayments from '../../src/i18n/locales/en/payments.json';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.ts';
import { adminToken, api, newestMailTo } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { freePort } from './support/app-server.ts';
import { screenshot, waitForRoute } from './support/browser.ts';

type Texts = typeof en;
const languages = [
  { lang: 'ar', dir: 'rtl', t: ar as Texts, mail: arMail, payments: arPayments },
  { lang: 'en', dir: 'ltr', t: en, mail: enMail, payments: enPayments },
] as const;

// The port is chosen here so PUBLIC_URL (where e-mailed links point) is this very server: the
// link then opens on the same origin, which keeps the chosen language in local storage.
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

// Required fields' labels end in Mantine's " *"; the new-password label is also inside the other one.
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const hashOf = (page: Page) => new URL(page.url()).hash;
const htmlDirection = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

/** A fresh page whose app starts in `lang`, as if the person had chosen it before. */
async function pageIn(newPage: () => Promise<Page>, lang: string): Promise<Page> {
  const page = await newPage();
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    lang,
  ] as const);
  return page;
}

async function signIn(page: Page, t: Texts, username: string, password: string) {
  await page.goto(`${baseUrl}/#/auth/login`);
  await page.getByLabel(t.auth.login.username).fill(username);
  await page.getByLabel(t.auth.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.auth.login.submit }).click();
}

describe('password reset in the built app', () => {
  const run = useAppAndBrowser({ PORT: String(port), PUBLIC_URL: baseUrl });
  let token = '';
  beforeAll(async () => {
    expect(run.app.baseUrl).toBe(baseUrl);
    token = await adminToken(run.app);
  });

  for (const { lang, dir, t, mail, payments } of languages) {
    it(`resets a forgotten password through the mailed link, once (${lang})`, async () => {
      const suffix = `${lang}${Math.random().toString(36).slice(2, 8)}`;
      const username = `sender_${suffix}`;
      const email = `sender.${suffix}@example.test`;
      const oldPassword = `Old-pass-${suffix}-1`;
      const newPassword = `New-pass-${suffix}-2`;
      await api(run.app, 'POST', '/auth/users/', {
        token,
        body: { username, email, password: oldPassword, role: 'sender' },
      });

      // The sender signs in once and out again, then has forgotten the password.
      const page = await pageIn(() => run.newPage(800), lang);
      await signIn(page, t, username, oldPassword);
      await waitForRoute(page, '#/dashboard/home');
      expect(await htmlDirection(page)).toEqual({ dir, lang });
      await page.getByRole('button', { name: username }).click();
      await page.getByRole('menuitem', { name: t.header.logout }).click();
      await waitForRoute(page, '#/auth/login');

      await page.getByRole('link', { name: t.auth.login.forgotPassword }).click();
      await waitForRoute(page, '#/auth/forget-password');
      await page.getByRole('heading', { level: 1, name: t.auth.forgetPassword.title }).waitFor();
      await page.getByLabel(t.auth.forgetPassword.email).fill(email);
      await page.getByRole('button', { name: t.auth.forgetPassword.submit }).click();
      await page.getByRole('status').filter({ hasText: t.auth.forgetPassword.sent }).waitFor();
      await screenshot(page, `forget-password-sent-${lang}`);

      // The administrator reads the built-in mailbox: the mail is in the language asked in.
      const message = await newestMailTo(run.app, token, email);
      expect(message.subject).toBe(mail.reset.subject);
      const body = `${message.text ?? ''}\n${message.html ?? ''}`;
      const link = body.match(/https?:\/\/[^\s"'<>]+#\/auth\/reset-password\?token=[^\s"'<>&]+/)?.[0];
      expect(link?.startsWith(`${baseUrl}/#/auth/reset-password?token=`)).toBe(true);
      const resetLink = link ?? '';

      // The whole link names the e-mail's language: opened in a browser set to the other
      // language, the page still speaks the e-mail's (checking a link does not use it up).
      const fullLink = (message.text ?? '').match(/https?:\/\/\S+#\/auth\/reset-password\?\S+/)?.[0] ?? '';
      expect(fullLink).toContain(`&lng=${lang}`);
      const elsewhere = await pageIn(() => run.newPage(800), lang === 'ar' ? 'en' : 'ar');
      await elsewhere.goto(fullLink);
      await elsewhere.getByRole('heading', { level: 1, name: t.auth.resetPassword.title }).waitFor();
      expect(await htmlDirection(elsewhere)).toEqual({ dir, lang });
      await elsewhere.close();

      await page.goto(resetLink);
      await page.getByRole('heading', { level: 1, name: t.auth.resetPassword.title }).waitFor();
      await page.getByLabel(startsWith(t.auth.resetPassword.password)).fill(newPassword);
      await page.getByLabel(startsWith(t.auth.resetPassword.confirmation)).fill(newPassword);
      await screenshot(page, `reset-password-form-${lang}`);
      await page.getByRole('button', { name: t.auth.resetPassword.submit }).click();
      await waitForRoute(page, '#/auth/login');
      await page.getByText(t.auth.resetPassword.done).waitFor();

      // The old password no longer works; the new one does.
      await signIn(page, t, username, oldPassword);
      await page.getByText(t.errors.invalidCredentials).waitFor();
      expect(hashOf(page)).toBe('#/auth/login');
      await page.getByLabel(t.auth.login.password, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: t.auth.login.submit }).click();
      await waitForRoute(page, '#/dashboard/home');
      await page.getByRole('button', { name: username }).click();
      await page.getByRole('menuitem', { name: t.header.logout }).click();
      await waitForRoute(page, '#/auth/login');

      // The link worked once: opened again it is refused, with a way to ask for a new one.
      await page.goto(resetLink);
      await page.getByRole('alert').filter({ hasText: t.errors.invalidResetLink }).waitFor();
      await page.getByRole('link', { name: t.auth.resetPassword.requestNew }).waitFor();
      expect(await page.getByLabel(startsWith(t.auth.resetPassword.password)).count()).toBe(0);
      await screenshot(page, `reset-password-used-${lang}`);
      await page.close();
    });

    it(`shows the payment results and /307 with a heading and a way back (${lang})`, async () => {
      const page = await pageIn(() => run.newPage(700), lang);
      const pages = [
        // Without an order the result pages say so: they never trust the address (issue 19).
        { hash: '#/payment/success', title: t.payment.success.title, message: payments.result.noOrder },
        { hash: '#/payment/failed', title: t.payment.failed.title, message: payments.result.noOrder },
        { hash: '#/307', title: t.errorPages.redirect.title, message: t.errorPages.redirect.message },
      ];
      for (const shown of pages) {
        await page.goto(`${baseUrl}/${shown.hash}`);
        await page.getByRole('heading', { level: 1, name: shown.title }).waitFor();
        await page.getByText(shown.message).waitFor();
        expect(await htmlDirection(page)).toEqual({ dir, lang });
        expect(await page.title()).toContain(shown.title);
        await screenshot(page, `${shown.hash.slice(2).replace('/', '-')}-${lang}`);
        // The way back leads home, which sends a visitor who is signed out on to sign-in. Wait for
        // the end of that chain: the next page.goto must not race the guard's redirect.
        await page.getByRole('link', { name: t.common.backHome }).click();
        const deadline = Date.now() + 10_000;
        while (hashOf(page) !== '#/auth/login' && Date.now() < deadline) await page.waitForTimeout(50);
        expect(hashOf(page)).toBe('#/auth/login');
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      await page.close();
    });
  }
});
