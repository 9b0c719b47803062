import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/templates.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const fill = (text: string, name: string) => text.replace('{{name}}', name);
const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null);

describe('templates in the built app', () => {
  const run = useAppAndBrowser();

  it('writes in the visual editor, inserts a variable, switches to HTML, saves, reopens and previews safely', async () => {
    const { app } = run;
    const page = await run.newPage(1000);
    await signInAs(page, app.baseUrl, app.adminUsername, app.adminPassword);
    await page.goto(`${app.baseUrl}/#/dashboard/services/templates`);
    await page.getByRole('heading', { name: ar.list.heading }).waitFor();

    await page.getByRole('button', { name: ar.list.new }).click();
    const name = `Newsletter ${Date.now()}`;
    await page.getByLabel(ar.editor.name).fill(name);

    // The visual editor: a heading-less paragraph, typed, then a variable where the cursor is.
    const visual = page.getByRole('textbox', { name: ar.editor.content });
    await visual.click();
    await page.keyboard.type('Welcome to our newsletter, dear ');
    await page.getByRole('button', { name: fill(ar.variables.insert, 'name') }).click();
    await expect.poll(() => visual.textContent()).toContain('Welcome to our newsletter, dear {{name}}');
    await page.getByRole('button', { name: ar.toolbar.bold }).click();
    await page.keyboard.type(' thanks');
    await screenshot(page, 'templates-visual-ar');

    // HTML mode shows the same content as code; a hostile script and handler go in at the end.
    await page.getByText(ar.editor.html, { exact: true }).click();
    const code = page.locator('[data-testid="html-editor"] .cm-content');
    await expect.poll(() => code.textContent()).toContain('Welcome to our newsletter, dear {{name}}');
    await code.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(
      '<script>window.__pwned = "script"</script><img src="x" onerror="window.__pwned = \'img\'">',
    );
    await page.getByRole('button', { name: ar.editor.save }).click();
    await page.getByText(ar.saved).waitFor();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/\?template=[0-9a-f-]{36}$/);
    await screenshot(page, 'templates-html-ar');

    // Reopen from the list: the HTML editor comes back with everything that was saved.
    await page.getByRole('button', { name: ar.editor.back }).click();
    await waitForRoute(page, '#/dashboard/services/templates');
    await page.getByRole('button', { name: fill(ar.list.open, name) }).click();
    await expect.poll(() => code.textContent()).toContain('<script>window.__pwned = "script"</script>');
    expect(await code.textContent()).toContain('dear {{name}}');
    expect(await code.textContent()).toMatch(/<(strong|b)> thanks/);

    // Opening the same content in the visual editor does not run it either.
    await page.getByText(ar.editor.visual, { exact: true }).click();
    await expect.poll(() => visual.textContent()).toContain('dear {{name}}');

    await page.getByRole('button', { name: ar.editor.preview }).click();
    const frame = page.getByTitle(ar.preview.frame);
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain(`dear ${ar.sample.name}`);
    expect(srcdoc).toContain('dir="rtl"');
    expect(srcdoc).not.toMatch(/<script|onerror/i);
    const body = page.frameLocator(`iframe[title="${ar.preview.frame}"]`).locator('body');
    await expect
      .poll(() => body.textContent())
      .toContain(`Welcome to our newsletter, dear ${ar.sample.name}`);
    await page.getByRole('dialog').getByText(ar.preview.ltr, { exact: true }).click();
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '').toContain('dir="ltr"');
    await screenshot(page, 'templates-preview-ar');

    // Give an image error handler every chance to fire: nothing of the template ever ran.
    await page.waitForTimeout(500);
    expect(await pwned(page)).toBeNull();
  }, 180_000);
});
