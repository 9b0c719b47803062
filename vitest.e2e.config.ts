import { defineConfig } from 'vitest/config';

// Browser tests: the built app served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    globals: true,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/setup/server-bundle.global.ts'],
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 90000,
  },
});
