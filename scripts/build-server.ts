// The server as plain JavaScript: `npm start`, the benches and the tests that start the server as a
// process run this bundle with `node`, not the TypeScript through tsx. tsx's loader runs on a
// hooks thread of its own for every JavaScript thread that loads TypeScript (the API thread, the
// dispatcher thread, each DKIM signer), about 40 MB each; an idle server is 280 MB under tsx and
// 170 MB as this bundle (docs/sending-engine.md). esbuild only strips types: `npm test` type-checks.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = path.join(import.meta.dirname, '..');
export const DEFAULT_OUT_DIR = path.join(ROOT, 'build', 'server');

/**
 * Bundles the server's thread entries into `outDir` (packages stay in node_modules, found
 * from there by walking up): `main.js` (the API thread; run it to start the server),
 * `dispatcher-worker.js` and `compose-worker.js`, which dispatcher-thread.ts and
 * compose-threads.ts start beside the bundle they run from. The
 * DKIM signer is plain JavaScript already and is copied beside them for the same reason.
 * `outDir` must lie inside the project, so that packages and src/i18n/locales are found upward.
 * Returns the path of main.js. Synchronous (esbuild runs as a child process either way) so that
 * the test helpers that start the server stay synchronous.
 */
export function buildServer(outDir = DEFAULT_OUT_DIR): string {
  mkdirSync(outDir, { recursive: true });
  buildSync({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'server/main.ts',
      'dispatcher-worker': 'server/mail/dispatcher-worker-main.ts',
      'compose-worker': 'server/mail/compose-worker-main.ts',
    },
    outdir: outDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  copyFileSync(path.join(ROOT, 'server/mail/dkim-worker.mjs'), path.join(outDir, 'dkim-worker.mjs'));
  return path.join(outDir, 'main.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const main = buildServer(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUT_DIR);
  console.log(`Server built: ${path.relative(process.cwd(), main)}`);
}
