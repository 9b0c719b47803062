import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, type Language } from '../../src/i18n/languages.ts';
import enPayments from '../../src/i18n/locales/en/payments.json';
import { adminToken, api } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const { financial, services } = paths.dashboard;
const screens = [financial.recharge, financial.orders, financial.packages, services.creditAlert];

/** Waits until the screen at `route` shows its h1 and no spinner. */
async function open(page: Page, baseUrl: string, route: string) {
  await page.goto(`${baseUrl}/#${route}`);
  await page.waitForFunction(
    () => document.querySelector('h1') !== null && document.querySelector('.mantine-Loader-root') === null,
    undefined,
    { timeout: 15_000 },
  );
}

async function useLanguage(page: Page, language: Language) {
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: language,
  });
  await page.reload();
}

describe('payments in the built app: recharge by bank transfer, settled by the administrator', () => {
  const run = useAppAndBrowser();

  it('passes axe with one h1 and a title on every payments screen, in Arabic and English', async () => {
    const { baseUrl, adminUsername, adminPassword } = run.app;
    const token = await adminToken(run.app);
    await api(run.app, 'POST', '/payments/packages/', {
      token,
      body: { name_ar: 'باقة الألف', name_en: 'Thousand pack', credits: 1000, price: 5000, currency: 'SAR' },
    });
    const page = await run.newPage();
    await signInAs(page, baseUrl, adminUsername, adminPassword);
    const problems: string[] = [];
    for (const language of ['ar', 'en'] as const) {
      await useLanguage(page, language);
      for (const route of screens) {
        await open(page, baseUrl, route);
        const h1s = await page.locator('h1').allInnerTexts();
        if (h1s.length !== 1) problems.push(`${language} ${route}: ${h1s.length} h1`);
        if (!(await page.title())) problems.push(`${language} ${route}: no title`);
        for (const violation of await seriousViolations(page))
          problems.push(`${language} ${route}: ${violation}`);
        await screenshot(page, `payments-${language}${route.replaceAll('/', '_')}`);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('orders a package, waits on the result page, and shows it paid once the administrator confirms', async () => {
    const { baseUrl, adminUsername, adminPassword } = run.app;
    const token = await adminToken(run.app);
    const page = await run.newPage(1000);
    await signInAs(page, baseUrl, adminUsername, adminPassword);
    await useLanguage(page, 'en');
    const before = await api<{ remaining_quota: number }>(run.app, 'GET', '/auth/user-status', { token });

    await open(page, baseUrl, financial.recharge);
    await page.getByRole('radio', { name: 'Thousand pack' }).check();
    await page.getByRole('radio', { name: enPayments.providers.manual }).check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText(enPayments.result.pending).waitFor();
    const orderId = new URL(page.url().replace('#', '')).searchParams.get('order');
    expect(orderId).toBeTruthy();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payments-result-pending');

    // The administrator confirms the transfer; the page, polling, shows the credits arrived.
    await api(run.app, 'POST', `/payments/orders/${orderId}/mark-paid/`, { token });
    await page
      .getByText('Payment received: 1,000 credits were added to your balance.')
      .waitFor({ timeout: 20_000 });
    await page
      .getByText((before.remaining_quota + 1000).toLocaleString('en-US'))
      .first()
      .waitFor();
    await screenshot(page, 'payments-result-paid');

    // The orders screen lists it paid; its invoice opens.
    await open(page, baseUrl, financial.orders);
    await page.getByRole('button', { name: `Open order ${orderId!.slice(0, 8)}` }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /^Invoice #\d+$/ })
      .click();
    await waitForRoute(page, `#${financial.invoice(orderId!)}`);
    await page.getByRole('heading', { level: 1, name: /^Invoice #\d+$/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payments-invoice');
    await page.close();
  }, 120_000);
});
