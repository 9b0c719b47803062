import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import arSecurity from '../../src/i18n/locales/ar/security.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { signInAs } from './support/sign-in.ts';

/** Where the keyboard focus is: inside the navigation, the skip link, the main content. */
const focus = (page: Page) =>
  page.evaluate((navLabel) => {
    const element = document.activeElement as HTMLElement | null;
    return {
      inNav: !!element?.closest(`nav[aria-label="${navLabel}"]`),
      text: element?.textContent?.trim() ?? '',
      id: element?.id ?? '',
      label: element?.getAttribute('aria-label') ?? '',
    };
  }, ar.nav.label);

// Issue 37, defect 6: the keyboard at 390 px and the skip link at every width.
describe('the navigation drawer and the skip link (Chromium)', () => {
  const e2e = useAppAndBrowser();

  it('at 390 px: a closed drawer is out of the Tab order, the burger says whether it is open, Escape closes it', async () => {
    const page = await e2e.newPage(800, 390);
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    const burger = page.getByRole('button', { name: ar.common.openNavigation });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    await page.locator('h1').focus();
    await page.keyboard.press('Shift+Tab'); // back into the header, and on past it
    for (let presses = 0; presses < 25; presses += 1) {
      await page.keyboard.press('Tab');
      expect((await focus(page)).inNav, `Tab ${presses + 1}`).toBe(false);
    }

    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: ar.nav.home }).focus();
    expect((await focus(page)).inNav).toBe(true);
    await page.keyboard.press('Escape');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect((await focus(page)).label).toBe(ar.common.openNavigation);
    await page.close();
  });

  for (const width of [390, 1280])
    it(`at ${width} px the first Tab stop skips to the content`, async () => {
      const page = await e2e.newPage(800, width);
      await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
      await page.goto(`${e2e.app.baseUrl}/#${paths.dashboard.themes}`);
      await page.locator('h1').waitFor();
      // Tab from the very start of the page, as after loading it.
      await page.evaluate(() => {
        const start = document.createElement('span');
        start.tabIndex = -1;
        document.body.prepend(start);
        start.focus();
      });
      await page.keyboard.press('Tab');
      const skip = await focus(page);
      expect(skip.text).toBe(ar.common.skipToContent);
      // Visible once focused, inside the window.
      const box = await page.getByRole('link', { name: ar.common.skipToContent }).boundingBox();
      expect(box && box.y >= 0 && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await page.keyboard.press('Enter');
      expect((await focus(page)).id).toBe('main-content');
      await page.keyboard.press('Tab');
      expect((await focus(page)).inNav).toBe(false);
      await page.close();
    });

  it('at 390 px the sessions table scrolls with the arrow keys', async () => {
    const other = await e2e.newPage();
    await signInAs(other, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    const page = await e2e.newPage(800, 390);
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    await page.goto(`${e2e.app.baseUrl}/#${paths.dashboard.settings.security}`);
    const region = page.getByRole('region', { name: arSecurity.sessions.table });
    await region.focus();
    const scrolled = () => region.evaluate((element) => Math.abs(element.scrollLeft));
    expect(await scrolled()).toBe(0);
    // Arabic reads right to left: the rest of the table is to the left.
    for (let presses = 0; presses < 10; presses += 1) await page.keyboard.press('ArrowLeft');
    expect(await scrolled()).toBeGreaterThan(0);
    await other.close();
    await page.close();
  });
});
