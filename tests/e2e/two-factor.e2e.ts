import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import arSecurity from '../../src/i18n/locales/ar/security.json';
import enSecurity from '../../src/i18n/locales/en/security.json';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.ts';
import { adminToken, api, newestMailTo } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const password = 'e2e-Two-Factor-Pass-1';

/**
 * Issue 21, Settings -> Security in Chromium: turn on two-step sign-in by scanning (reading) the
 * key, sign out, sign in with a code from the app, with a recovery code, and be stopped after
 * too many wrong codes.
 */
describe('two-step sign-in in the built app', () => {
  // Three tries per window keep the last part short; the rule is the same at any number.
  const run = useAppAndBrowser({ LOGIN_MAX_FAILURES: '3' });

  const signOut = async (page: Page, username: string) => {
    await page.getByRole('button', { name: username }).click();
    await page.getByRole('menuitem', { name: ar.header.logout }).click();
    await waitForRoute(page, `#${paths.auth.login}`);
  };
  const enterPassword = async (page: Page, username: string) => {
    await page.goto(`${run.app.baseUrl}/#${paths.auth.login}`);
    await page.getByLabel(ar.auth.login.username).fill(username);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
    await page.getByRole('heading', { name: ar.auth.login.code.title }).waitFor();
  };

  it('enrols, then signs in with a code, with a recovery code, and is stopped after wrong codes', async () => {
    const { app } = run;
    const token = await adminToken(app);
    const username = `twofactor${Date.now() % 100000}`;
    const email = `${username}@example.com`;
    await api(app, 'POST', '/auth/users/', {
      token,
      body: { username, email, password, role: 'sender' },
    });

    const page = await run.newPage(1400);
    await signInAs(page, app.baseUrl, username, password);
    await page.goto(`${app.baseUrl}/#${paths.dashboard.settings.security}`);
    await page.getByRole('heading', { level: 1, name: arSecurity.title }).waitFor();
    await page.getByText(arSecurity.twoFactor.off).waitFor();
    await page.getByRole('button', { name: arSecurity.twoFactor.start }).click();

    // The QR code is drawn in the browser; the key beside it is what a person would type.
    await page.getByRole('img', { name: arSecurity.twoFactor.qrAlt }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-scan');

    const now = () => Math.floor(Date.now() / 1000);
    await page.getByLabel(arSecurity.twoFactor.code).fill(generateSync({ secret, epoch: now() }));
    await page.getByRole('button', { name: arSecurity.twoFactor.confirm }).click();
    const codes = page.getByTestId('recovery-codes').locator('code');
    await codes.first().waitFor();
    const recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: arSecurity.twoFactor.codesDone }).click();
    await page.getByText(arSecurity.twoFactor.on.replace('{{count}}', '10')).waitFor();

    // The account was told, in Arabic (the language it signed in with).
    const notice = await newestMailTo(app, token, email);
    expect(notice.subject).toBe('تم تفعيل التحقق بخطوتين لحسابك في النمر');

    // Sign out; the password alone no longer opens the dashboard. The code that turned the
    // feature on is spent, so the app's next code (the server accepts one step of drift) is used.
    await signOut(page, username);
    await enterPassword(page, username);
    expect(new URL(page.url()).hash).toBe(`#${paths.auth.login}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(ar.auth.login.code.label).fill(generateSync({ secret, epoch: now() + 30 }));
    await page.getByRole('button', { name: ar.auth.login.code.submit }).click();
    await waitForRoute(page, `#${paths.dashboard.home}`);

    // With a recovery code instead.
    await signOut(page, username);
    await enterPassword(page, username);
    await page.getByRole('button', { name: ar.auth.login.code.useRecovery }).click();
    await page.getByLabel(ar.auth.login.code.recoveryLabel).fill(recoveryCodes[0]!.toUpperCase());
    await page.getByRole('button', { name: ar.auth.login.code.submit }).click();
    await waitForRoute(page, `#${paths.dashboard.home}`);
    await page.goto(`${app.baseUrl}/#${paths.dashboard.settings.security}`);
    await page.getByText(arSecurity.twoFactor.on.replace('{{count}}', '9')).waitFor();
    const history = page.getByTestId('sign-ins');
    await history.getByText(arSecurity.signIns.outcomes.recovery_code).first().waitFor();

    // Wrong codes: the password counted one, then two wrong codes fill the window of three.
    await signOut(page, username);
    await enterPassword(page, username);
    const alert = page.getByRole('alert');
    for (const attempt of [1, 2]) {
      await page.getByLabel(ar.auth.login.code.label).fill(attempt === 1 ? '000000' : '999999');
      await page.getByRole('button', { name: ar.auth.login.code.submit }).click();
      await alert.filter({ hasText: ar.errors.invalidCode }).waitFor();
    }
    // Even the right code is refused now, as a password would be.
    await page.getByLabel(ar.auth.login.code.label).fill(generateSync({ secret, epoch: now() + 30 }));
    await page.getByRole('button', { name: ar.auth.login.code.submit }).click();
    await alert.filter({ hasText: ar.errors.tooManyAttempts }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#${paths.auth.login}`);
    await screenshot(page, 'two-factor-rate-limited');
    await page.close();
  });
});

/**
 * Issue 21: an administrator requires two-step sign-in. An account without it that signs in is
 * led to Settings -> Security with the reason (not a toast), every other page leads back there,
 * the screen is axe-clean in both languages, and once it is on the dashboard opens.
 */
describe('two-step sign-in required by an administrator, in the built app', () => {
  const run = useAppAndBrowser();

  it('leads a new sign-in to the set-up, says why in both languages, and lets go once it is on', async () => {
    const { app } = run;
    const token = await adminToken(app);
    const username = `required${Date.now() % 100000}`;
    await api(app, 'POST', '/auth/users/', {
      token,
      body: { username, email: `${username}@example.com`, password, role: 'sender' },
    });
    // The administrator turns on its own two-step sign-in first (the rule asks for it), then the rule.
    const now = () => Math.floor(Date.now() / 1000);
    const own = await api<{ secret: string }>(app, 'POST', '/auth/2fa/setup/', { token, body: {} });
    await api(app, 'POST', '/auth/2fa/enable/', {
      token,
      body: { code: generateSync({ secret: own.secret, epoch: now() }) },
    });
    await api(app, 'PATCH', '/control/security/', { token, body: { require_two_factor: true } });

    const page = await run.newPage(1400);
    await page.goto(`${app.baseUrl}/#${paths.auth.login}`);
    await page.getByLabel(ar.auth.login.username).fill(username);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
    await waitForRoute(page, `#${paths.dashboard.settings.security}`);
    await page.getByRole('alert', { name: arSecurity.setupRequired.title }).waitFor();
    // No toast repeats it.
    expect(await page.getByText(ar.errors.twoFactorSetupRequired).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Another page leads back; in English (a reload on this page) it still says why.
    await page.goto(`${app.baseUrl}/#${paths.dashboard.logs.email}`);
    await waitForRoute(page, `#${paths.dashboard.settings.security}`);
    await page.evaluate(({ key }) => window.localStorage.setItem(key, 'en'), { key: LANGUAGE_STORAGE_KEY });
    await page.reload();
    await page.getByRole('alert', { name: enSecurity.setupRequired.title }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: enSecurity.twoFactor.start }).click();
    await page.getByTestId('two-factor-secret').waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    await page.getByLabel(enSecurity.twoFactor.code).fill(generateSync({ secret, epoch: now() }));
    await page.getByRole('button', { name: enSecurity.twoFactor.confirm }).click();
    await page.getByRole('button', { name: enSecurity.twoFactor.codesDone }).click();
    await page.getByRole('alert', { name: enSecurity.setupRequired.title }).waitFor({ state: 'detached' });
    await page.goto(`${app.baseUrl}/#${paths.dashboard.logs.email}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: enSecurity.title }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#${paths.dashboard.logs.email}`);
    await page.close();
  });
});
