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
const screens = [
  financial.recharge,
  financial.orders,
  financial.packages,
  services.creditAlert,
  financial.statement,
];

/** 1x1 PNG: the bank-transfer receipt the payer attaches. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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
    const me = await api<{ id: string }>(run.app, 'GET', '/auth/user-status', { token });
    const problems: string[] = [];
    for (const language of ['ar', 'en'] as const) {
      await useLanguage(page, language);
      // The administrator's view of a user's statement (here its own) is a screen of its own.
      for (const route of [...screens, paths.dashboard.userStatement(me.id)]) {
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

    // The payer attaches the transfer's receipt; the order carries it from then on.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: receiptPng,
    });
    await page.getByRole('button', { name: enPayments.receipt.attach }).click();
    await page.getByText(enPayments.receipt.present).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const withReceipt = await api<{ receipt_upload_id: string | null }>(
      run.app,
      'GET',
      `/payments/orders/${orderId}/`,
      { token },
    );
    expect(withReceipt.receipt_upload_id).toBeTruthy();

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
    // Printed, the invoice is one A4 page (595 x 842 points).
    await page.emulateMedia({ media: 'print' });
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
    await page.emulateMedia({ media: 'screen' });

    // The statement shows the order's credits with the running balance, filters and exports.
    await open(page, baseUrl, financial.statement);
    await page.getByRole('cell', { name: 'Recharge order' }).first().waitFor();
    await page.locator('input[aria-haspopup="listbox"]').first().click();
    await page.getByRole('option', { name: 'Recharge order' }).click();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2099-12-31');
    await page.getByRole('rowheader', { name: 'Credits in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payments-statement');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    await page.close();
  }, 120_000);
});
