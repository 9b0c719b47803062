import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine needs (no network but loopback). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Where screenshots go when E2E_SCREENSHOTS is set (used to look at the app as a person would). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * Waits until the app's hash route is `hash`. Polls instead of page.waitForURL, which can miss a
 * hash-router redirect done with history.replaceState right after a same-document navigation.
 */
export async function waitForRoute(page: Page, hash: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (new URL(page.url()).hash !== hash) {
    if (Date.now() > deadline) throw new Error(`expected route ${hash}, still at ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
