import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverArgs, serverBundle } from '../support/server-bundle.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/**
 * `npm start` runs the server as one esbuild bundle per thread (scripts/build-server.ts), not the
 * TypeScript through tsx. What the bundle must still find beside or above itself: its threads'
 * entries and the locale files the server renders pages from.
 */
describe('the server bundle npm start runs', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'el-namer-bundle-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds an entry for each thread the server starts', () => {
    const dir = path.dirname(serverBundle());
    for (const file of ['main.js', 'dispatcher-worker.js', 'compose-worker.js', 'dkim-worker.mjs']) {
      expect(existsSync(path.join(dir, file)), file).toBe(true);
    }
    // Bundled, not loaded through tsx: no TypeScript module is imported at run time.
    expect(readFileSync(path.join(dir, 'main.js'), 'utf8')).not.toMatch(/from ["'][^"']+\.ts["']/);
  });

  it('is started with the flags npm start passes (scripts/start.mjs says why each is there)', () => {
    // The benches measure the server as started here, so a flag dropped on the way would make
    // their memory figures those of another server.
    expect(serverArgs()).toEqual(expect.arrayContaining(['--expose-gc', '--heap-growing-percent=30']));
    expect(serverArgs().at(-1)).toBe(serverBundle());
  });

  it('starts its dispatcher thread and renders pages from the locale files', async () => {
    server = startServerProcess({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'dist'),
      ADMIN_PASSWORD: 'bundle-test-password',
    });
    expect(await server.waitForLog('dispatcher started')).toContain('"thread":"worker"');
    const response = await fetch(`${await server.baseUrl()}/api/public/m/${'x'.repeat(43)}/c/1`);
    expect(response.status).toBe(404);
    const locales = path.resolve(import.meta.dirname, '../../src/i18n/locales');
    const page = await response.text();
    for (const language of ['ar', 'en']) {
      const texts = JSON.parse(
        readFileSync(path.join(locales, language, 'recipient-pages.json'), 'utf8'),
      ) as {
        notFound: { title: string };
      };
      expect(page).toContain(texts.notFound.title);
    }
  });
});
