import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { adminToken, api } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { signInAs } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

const missingId = '00000000-0000-4000-8000-000000000001';

/** The serious and critical axe findings of the page as it is now, and its h1s. */
async function audit(page: Page) {
  return {
    h1s: await page.locator('h1').allInnerTexts(),
    title: await page.title(),
    problems: await seriousViolations(page),
  };
}

async function open(page: Page, route: string, text: string) {
  await page.goto(`${page.url().split('#')[0]}#${route}`);
  // The overview may carry the subject twice (the live progress card and the table), one of
  // them hidden at some widths: wait for one a person can see.
  await page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
}

describe('the e-mail log and the overview with a real campaign (Chromium)', () => {
  // One message a second: a campaign of a few hundred stays in the middle of sending while the
  // overview shows its live progress (issue 22).
  const e2e = useAppAndBrowser({ ADMIN_EMAIL: 'admin@example.com', SEND_RATE_PER_SECOND: '1' });

  it('shows the campaign in the log, its recipients and charts, and the overview figures, axe-clean in both languages', async () => {
    const token = await adminToken(e2e.app);
    const { emails } = await api<{ emails: string[] }>(e2e.app, 'GET', '/send/sender-emails/', { token });
    const campaign = await api<{ id: string }>(e2e.app, 'POST', '/send/', {
      token,
      body: {
        subject: 'Winter offer',
        // A link, so the entry's per-link click report shows its table to axe too.
        html: '<p>Hello {{name}}, see <a href="https://example.org/offer">the offer</a></p>',
        from_email: emails[0],
        sender_name: 'El Namer',
        source: { type: 'single', recipient: { email: 'reader@example.com', name: 'Reader' } },
        survey: { type: 'yes_no', question: 'Coming?' },
      },
    });
    const bulk = await api<{ id: string }>(e2e.app, 'POST', '/send/', {
      token,
      body: {
        subject: 'Spring sale',
        html: '<p>Hello {{name}}</p>',
        from_email: emails[0],
        sender_name: 'El Namer',
        source: {
          type: 'rows',
          rows: Array.from({ length: 300 }, (_, i) => ({ email: `bulk${i}@example.com`, name: `Bulk ${i}` })),
        },
      },
    });
    const page = await e2e.newPage();
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    const problems: string[] = [];
    for (const language of ['ar', 'en'] as const) {
      await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
        key: LANGUAGE_STORAGE_KEY,
        value: language,
      });
      await page.reload();
      const visits = [
        [paths.dashboard.home, 'Spring sale'],
        [paths.dashboard.logs.email, 'Winter offer'],
        [paths.dashboard.logs.emailEntry(campaign.id), 'reader@example.com'],
        [
          paths.dashboard.logs.emailEntry(missingId),
          language === 'en' ? en.detail.notFoundTitle : 'الحملة غير موجودة',
        ],
      ] as const;
      for (const [route, text] of visits) {
        await open(page, route, text);
        if (route === paths.dashboard.home) {
          // The bar of the campaign being sent is on screen while axe looks.
          const words = language === 'en' ? en : ar;
          await page
            .getByRole('region', { name: words.home.liveOf.replace('{{subject}}', 'Spring sale') })
            .waitFor({ timeout: 15_000 });
        }
        const result = await audit(page);
        problems.push(...result.problems.map((problem) => `${language} ${route}: ${problem}`));
        if (result.h1s.length !== 1) problems.push(`${language} ${route}: ${result.h1s.length} h1`);
        expect(result.title, route).toBeTruthy();
      }
    }
    expect(problems).toEqual([]);

    // Pause from the overview (English, the last language set): the server has it paused, and
    // the overview offers resume beside the bar.
    await open(page, paths.dashboard.home, 'Spring sale');
    await page.getByRole('button', { name: 'Pause “Spring sale”' }).click();
    await page.getByRole('button', { name: 'Resume “Spring sale”' }).waitFor({ timeout: 15_000 });
    const state = await api<{ status: string }>(e2e.app, 'GET', `/send/${bulk.id}/`, { token });
    expect(state.status).toBe('paused');
    await expect(
      page.getByRole('region', { name: 'Sending progress of “Spring sale”' }).isVisible(),
    ).resolves.toBe(true);

    // The campaign's messages leave through the built-in capture server: the log says so.
    await open(page, paths.dashboard.logs.emailEntry(campaign.id), 'reader@example.com');
    await page.getByRole('cell', { name: en.status.sent }).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 3, name: en.detail.overTime }).isVisible()).resolves.toBe(
      true,
    );
  });
});
