import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../contract/send.contract.ts';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import arSenders from '../../src/i18n/locales/ar/senders.json';
import arUsers from '../../src/i18n/locales/ar/users.json';
import { AUTH_STORAGE_KEY } from '../../src/services/auth-storage.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const sender = { username: 'e2e-sender', email: 'e2e-sender@example.test', password: 'sender-Pass-2026' };
const domain = 'mail.e2e.test';
const fromEmail = `news@${domain}`;
const arabic = (value: number) => value.toLocaleString('ar');
/** A field's label; a required field's name ends in Mantine's " *". */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function open(page: Page, route: string) {
  await page.goto(`${page.url().split('#')[0]}#${route}`);
  await waitForRoute(page, `#${route}`);
}

/** The administrator adds the sender through the users screen, then 100 credits. */
async function createSenderWithCredits(page: Page) {
  await open(page, paths.dashboard.users);
  await page.getByRole('button', { name: arUsers.add }).click();
  const dialog = page.getByRole('dialog', { name: arUsers.form.createTitle });
  await dialog.getByLabel(startsWith(arUsers.form.username)).fill(sender.username);
  await dialog.getByLabel(startsWith(arUsers.form.email)).fill(sender.email);
  await dialog.getByLabel(startsWith(arUsers.form.password)).fill(sender.password);
  await dialog.getByRole('button', { name: arUsers.form.save }).click();
  await page.getByText(arUsers.notices.created).waitFor();

  await page.getByRole('button', { name: `${arUsers.addQuota} ${sender.username}` }).click();
  const quota = page.getByRole('dialog', { name: arUsers.quota.title.replace('{{name}}', sender.username) });
  await quota.getByLabel(startsWith(arUsers.quota.amount)).fill('100');
  await quota.getByRole('button', { name: arUsers.quota.save }).click();
  await page.getByText(arUsers.notices.quotaAdded).waitFor();
}

/** On the sender identities screen: one domain and one sender e-mail on it. */
async function addSenderEmail(page: Page) {
  await page.getByRole('link', { name: `${arUsers.senders} ${sender.username}` }).click();
  await page.getByRole('heading', { level: 1, name: arSenders.title }).waitFor();
  await page.getByRole('textbox', { name: arSenders.domains.field, exact: true }).fill(domain);
  await page.getByRole('button', { name: arSenders.domains.add }).click();
  await page.getByRole('article', { name: domain }).waitFor();
  await page.getByRole('textbox', { name: arSenders.emails.field, exact: true }).fill(fromEmail);
  await page.getByRole('button', { name: arSenders.emails.add }).click();
  await page.getByRole('region', { name: arSenders.emails.heading }).getByText(fromEmail).waitFor();
  await screenshot(page, 'admin-sender-identities');
}

/** The identities screen with a domain's records on it, checked with axe in both languages. */
async function expectIdentitiesAccessible(page: Page) {
  expect(await seriousViolations(page), 'ar').toEqual([]);
  await page.evaluate((key) => window.localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
  await page.reload();
  await page.getByRole('article', { name: domain }).waitFor();
  expect(await seriousViolations(page), 'en').toEqual([]);
  await page.evaluate((key) => window.localStorage.setItem(key, 'ar'), LANGUAGE_STORAGE_KEY);
  await page.reload();
  await page.getByRole('article', { name: domain }).waitFor();
}

/**
 * Sends to three recipients through the API, from the signed-in page with its own bearer token.
 * Stands in for the send wizard until that screen exists; the lead will switch this step to it.
 */
async function sendToThreeRecipients(page: Page) {
  const access = await page.evaluate(
    (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access?: string }).access,
    AUTH_STORAGE_KEY,
  );
  const body: SendRequest = {
    subject: 'E2E hello',
    html: '<p>Hello {{name}}</p>',
    from_email: fromEmail,
    sender_name: 'E2E Newsroom',
    source: {
      type: 'rows',
      rows: ['one', 'two', 'three'].map((name) => ({ email: `${name}@recipients.test`, name })),
    },
  };
  const response = await page.request.post(`${page.url().split('#')[0]}api/send/`, {
    headers: { authorization: `Bearer ${access ?? ''}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  expect(await response.json()).toMatchObject({ recipients_count: 3 });
}

/** The "remaining" figure on the overview. */
async function remainingOnHome(page: Page): Promise<string> {
  await open(page, paths.dashboard.home);
  const stat = page.getByText(ar.home.remaining, { exact: true }).locator('xpath=..');
  await stat.waitFor();
  return (await stat.innerText()).replace(ar.home.remaining, '').trim();
}

describe('an administrator sets up a sender, who sends and is charged', () => {
  const run = useAppAndBrowser();

  it('creates a sender with 100 credits and a sender e-mail; the sender sends to 3 and has 97 left', async () => {
    const admin = await run.newPage(1000);
    await signInAs(admin, run.app.baseUrl, run.app.adminUsername, run.app.adminPassword);
    await createSenderWithCredits(admin);
    await addSenderEmail(admin);
    await expectIdentitiesAccessible(admin);

    const page = await run.newPage();
    await signInAs(page, run.app.baseUrl, sender.username, sender.password);
    expect(await remainingOnHome(page)).toBe(arabic(100));
    await page.goto(`${run.app.baseUrl}/#${paths.dashboard.users}`);
    await waitForRoute(page, `#${paths.forbidden}`);
    await page.getByRole('heading', { level: 1, name: ar.errorPages.forbidden.title }).waitFor();

    await open(page, paths.dashboard.home);
    await sendToThreeRecipients(page);
    // The overview reads the balance the server reports when the page loads.
    await page.reload();
    expect(await remainingOnHome(page)).toBe(arabic(97));

    await open(admin, paths.dashboard.usersAmount);
    const topUp = admin
      .getByRole('row')
      .filter({ hasText: sender.username })
      .filter({ hasText: arabic(100) });
    await topUp.first().waitFor();
    await screenshot(admin, 'admin-sender-balance-log');
    await admin.close();
    await page.close();
  });
});
