import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { launchBrowser } from './browser.ts';

export interface AppAndBrowser {
  app: RunningApp;
  newPage: (height?: number, width?: number) => Promise<Page>;
}

/**
 * One running server and one Chromium for the whole test file, stopped after it.
 * Call at the top of a describe block; read the fields inside tests.
 */
/** `env` adds to the server's environment (e.g. a fixed CAPTURE_SMTP_PORT). */
export function useAppAndBrowser(env: Record<string, string> = {}): AppAndBrowser {
  let browser: Browser | undefined;
  const handle = {
    app: undefined as unknown as RunningApp,
    newPage: async (height = 800, width = 1280) => {
      if (!browser) throw new Error('the browser is not started');
      return browser.newPage({ viewport: { width, height } });
    },
  };
  beforeAll(async () => {
    handle.app = await startApp(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await handle.app?.stop();
  });
  return handle;
}
