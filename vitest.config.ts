import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { signedOutTexts } from './scripts/vite-signed-out-texts.ts';

// Two projects: browser code under jsdom, server code under node. Both run on `npm test`.
// The server project runs against PostgreSQL too when DATABASE_URL points at one (.ci/run does).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), signedOutTexts()],
        test: {
          name: 'browser',
          environment: 'jsdom',
          globals: true,
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/screens/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/browser.setup.ts'],
          // Above testing-library's wait ceiling (tests/setup/browser.setup.ts), so a slow wait
          // fails with its own message rather than a bare timeout.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          globals: true,
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/server-bundle.global.ts'],
          // Each test file builds its own app and database; keep files apart but not too many at once.
          pool: 'forks',
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
