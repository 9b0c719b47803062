import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { LANGUAGE_STORAGE_KEY, languages, type Language } from '../../src/i18n/languages.ts';
import arCommon from '../../src/i18n/locales/ar/common.json';
import enCommon from '../../src/i18n/locales/en/common.json';
import { navSections } from '../../src/screens/dashboard/nav-items.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const texts = { ar: arCommon.nav, en: enCommon.nav } as const;
type NavKey = keyof (typeof texts)['en'];
const label = (language: Language, labelKey: string) =>
  texts[language][labelKey.replace(/^nav\./, '') as NavKey];

/** What has the keyboard focus now: its tag, its text, and whether it sits in the main navigation. */
function focused(page: Page, navLabel: string) {
  return page.evaluate((name) => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: element?.textContent?.trim() ?? '',
      inNav: !!element?.closest(`nav[aria-label="${name}"]`),
      expanded: element?.getAttribute('aria-expanded') ?? null,
    };
  }, navLabel);
}

/** Presses Tab (only Tab) until the navbar entry named `name` has the focus. */
async function tabTo(page: Page, navLabel: string, name: string) {
  for (let presses = 0; presses < 400; presses += 1) {
    const now = await focused(page, navLabel);
    if (now.inNav && now.text === name) return now;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the navbar entry "${name}"`);
}

describe('the navbar by keyboard alone', () => {
  const e2e = useAppAndBrowser();

  it(
    'opens every navbar page with Tab and Enter only, in Arabic and English',
    { timeout: 600_000 },
    async () => {
      const page = await e2e.newPage(900);
      await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      for (const language of languages as readonly Language[]) {
        await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
          key: LANGUAGE_STORAGE_KEY,
          value: language,
        });
        await page.goto(`${e2e.app.baseUrl}/#${paths.dashboard.home}`);
        await page.reload();
        const navLabel = texts[language].label;
        await page.getByRole('navigation', { name: navLabel }).waitFor();
        // The page is there (its texts and figures loaded) before the first key: the app moves
        // focus to a newly shown page's heading, which would take it from under the keyboard.
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const section of navSections) {
          const links = 'links' in section ? section.links : [section];
          for (const link of links) {
            if ('links' in section) {
              // The section header is a button that says whether it is open.
              const name = label(language, section.labelKey);
              const button = page
                .getByRole('navigation', { name: navLabel })
                .getByRole('button', { name, exact: true });
              for (let attempt = 0; attempt < 3; attempt += 1) {
                const header = await tabTo(page, navLabel, name);
                expect(header.tag).toBe('button');
                expect(header.expanded).toMatch(/^(true|false)$/);
                if (header.expanded === 'true') break;
                await page.keyboard.press('Enter');
                if ((await button.getAttribute('aria-expanded')) === 'true') break;
              }
              expect(await button.getAttribute('aria-expanded')).toBe('true');
            }
            // A page still loading may move the focus to its heading under the keyboard (the app
            // does so for each new page): then the Enter opened nothing, and the walk goes again.
            let reached = false;
            for (let attempt = 0; attempt < 3 && !reached; attempt += 1) {
              const target = await tabTo(page, navLabel, label(language, link.labelKey));
              expect(target.tag).toBe('a');
              await page.keyboard.press('Enter');
              reached = await waitForRoute(page, `#${link.to}`, 5_000).then(
                () => true,
                () => false,
              );
            }
            expect(reached, `Enter on ${link.labelKey} opened ${page.url()}`).toBe(true);
            await page.locator('h1').first().waitFor();
            await page.waitForLoadState('networkidle');
          }
        }
      }
    },
  );
});
