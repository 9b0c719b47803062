import ar from '../../../src/i18n/locales/ar/common.json';
import arPayments from '../../../src/i18n/locales/ar/payments.json';
import { signInAs } from '../support/sign-in.ts';
import { serverAnswers } from './account-drivers.ts';
import { arabicNumber, fill, openNav, type Driver } from './walk.ts';

/** The top-up journey: a user's recharge order by bank transfer, settled by an administrator. */
export const buyer = { username: 'qa_buyer', email: 'buyer@example.com', password: 'Buyer-pass-2026' };
export const starter = { name_ar: 'Starter', name_en: 'Starter', credits: 500, price: 2500, currency: 'SAR' };
export const bankInstructions = 'IBAN SA03 8000 0000 6080 1016 7519';

export const actions: Record<string, Driver> = {
  'topUp/openRecharge': async ({ page }) => {
    await openNav(page, ar.nav.financial, ar.nav.recharge);
    await page.getByRole('heading', { level: 1, name: arPayments.recharge.title }).waitFor();
  },
  'recharge:xstate.done.actor.loadCatalog': serverAnswers,
  'recharge:recharge.package': async ({ page }) => {
    await page.getByRole('radio', { name: starter.name_ar }).check();
  },
  'recharge:recharge.provider#1': async ({ page, found }) => {
    await page.getByRole('radio', { name: arPayments.providers.manual }).check();
    found.provider = 'manual';
  },
  'recharge:recharge.submit': async ({ page }) => {
    await page
      .getByRole('button', { name: new RegExp(`^${fill(arPayments.recharge.pay, { total: '' })}`) })
      .click();
  },
  'recharge:xstate.done.actor.placeOrder': serverAnswers,
  // The result page the user lands on reads the order by itself.
  'payment-order:xstate.done.actor.loadOrder#0': serverAnswers,
  'topUp/adminMarksPaid': async ({ app, newPage, found }) => {
    const admin = await newPage();
    await signInAs(admin, app.baseUrl, app.adminUsername, app.adminPassword);
    await openNav(admin, ar.nav.financial, ar.nav.orders);
    await admin.getByRole('heading', { level: 1, name: arPayments.orders.title }).waitFor();
    const id = (found.orderId ?? '').slice(0, 8);
    await admin.getByRole('button', { name: fill(arPayments.orders.openNamed, { id }) }).click();
    const dialog = admin.getByRole('dialog', { name: fill(arPayments.orders.dialog, { id }) });
    await dialog.getByRole('button', { name: arPayments.orders.markPaid }).click();
    await admin.getByText(arPayments.done.markPaid).waitFor();
    await dialog.getByText(arPayments.status.paid, { exact: true }).waitFor();
    await admin.close();
  },
  // "Open an order that is paid": the user opens the result page again.
  'payment-order:xstate.done.actor.loadOrder#1': async ({ page }) => {
    await page.reload();
  },
  'topUp/balance': async ({ page }) => {
    await page.getByRole('link', { name: ar.common.backHome }).click();
    await page.getByRole('heading', { level: 1, name: ar.home.title }).waitFor();
    const remaining = page.getByText(ar.home.remaining, { exact: true }).locator('..');
    await remaining.getByText(await arabicNumber(page, starter.credits), { exact: true }).waitFor();
  },
};

export const checks: Record<string, Driver> = {
  'recharge@choosing': async ({ page, found }) => {
    if (found.provider === 'manual') {
      await page.getByText(arPayments.result.bankInstructions).waitFor();
      await page.getByText(bankInstructions).waitFor();
    }
    await page.getByRole('radio', { name: starter.name_ar }).waitFor();
    await page.getByRole('radio', { name: arPayments.providers.manual }).waitFor();
    await page.getByText(arPayments.recharge.provider, { exact: true }).waitFor();
    await page.getByText(arPayments.recharge.subtotal, { exact: true }).waitFor();
    await page.getByText(arPayments.recharge.total, { exact: true }).waitFor();
  },
  'recharge@placed': async ({ page, found }) => {
    await page.getByText(arPayments.result.pending).waitFor({ timeout: 15_000 });
    found.orderId = new URL(page.url().replace('#', '')).searchParams.get('order') ?? '';
  },
  'payment-order@pending': async ({ page }) => {
    await page.getByText(arPayments.status.pending, { exact: true }).first().waitFor();
    await page.getByText(arPayments.result.pending).waitFor();
  },
  'payment-order@paid': async ({ page }) => {
    const credits = await arabicNumber(page, starter.credits);
    await page.getByText(fill(arPayments.result.paid, { credits })).waitFor({ timeout: 15_000 });
  },
};
