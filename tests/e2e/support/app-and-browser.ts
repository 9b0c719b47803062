import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { launchBrowser } from './browser.ts';

export interface AppAndBrowser {
  app: RunningApp;
  newPage: (height?: number) => Promise<Page>;
}

/**
 * One running server and one Chromium for the whole test file, stopped after it.
 * Call at the top of a describe block; read the fields inside tests.
 */
export function useAppAndBrowser(): AppAndBrowser {
  let browser: Browser | undefined;
  const handle = {
    app: undefined as unknown as RunningApp,
    newPage: async (height = 800) => {
      if (!browser) throw new Error('the browser is not started');
      return browser.newPage({ viewport: { width: 1280, height } });
    },
  };
  beforeAll(async () => {
    handle.app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await handle.app?.stop();
  });
  return handle;
}
