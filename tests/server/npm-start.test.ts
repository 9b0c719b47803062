import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startScriptArgs } from '../support/server-bundle.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The README's first command ends in `npm start`: scripts/start.mjs bundles the server into
 * build/server and runs it in the same process. Run here as package.json runs it, with the browser
 * app's build left out (SKIP_BUILD: the Chromium tests build and serve it).
 */
describe('npm start (scripts/start.mjs)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'el-namer-npm-start-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles the server, starts it with its dispatcher thread, and stops it on SIGTERM', async () => {
    server = startServerProcess(
      {
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'dist'),
        ADMIN_PASSWORD: 'npm-start-test-password',
        SKIP_BUILD: '1',
      },
      startScriptArgs(),
    );
    await server.waitForLog('Server built: build/server/main.js');
    expect(existsSync(path.join(ROOT, 'build/server/dispatcher-worker.js'))).toBe(true);
    expect(await server.waitForLog('dispatcher started')).toContain('"thread":"worker"');
    const health = await fetch(`${await server.baseUrl()}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    const exited = new Promise<number | null>((resolve) =>
      server!.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
