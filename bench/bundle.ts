/**
 * Benchmark: what a visitor downloads before they can sign in. Reads Vite's manifest and walks
 * the static imports of index.html (the entry), the lazy chunks the app loads on its own at
 * start and the lazy screens the login route renders (and their static imports), never the other
 * lazy chunks (bench/login-page.ts; tests/e2e/login-page-files.e2e.ts checks in Chromium that
 * the page fetches exactly those files). Measured once per language, since each language loads
 * its own texts. Prints one JSON object with raw, gzip and brotli bytes of JS and CSS, compressed
 * exactly as the build's .br/.gz files are, and apart from the page, what pressing "sign in"
 * fetches (the http client and the contract).
 * Run: npm run bench:bundle (builds first when dist/ is missing or older than the sources;
 * `-- --build` forces a build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { compressBoth } from '../scripts/vite-precompress.ts';
import { languages } from '../src/i18n/languages.ts';
import { loginPageFiles, readManifest, signInRequestFiles } from './login-page.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
/** The login page must start with less compressed JS than this (issue 6). */
const LOGIN_JS_BUDGET = 150 * 1000;

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(): void {
  const sources = Math.max(
    newestSource(path.join(ROOT, 'src')),
    newestSource(path.join(ROOT, 'contract')),
    statSync(path.join(ROOT, 'index.html')).mtimeMs,
    statSync(path.join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  const stale = !existsSync(MANIFEST) || statSync(MANIFEST).mtimeMs < sources;
  if (!stale && !process.argv.includes('--build')) return;
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

type Sizes = { files: number; raw: number; gzip: number; brotli: number };

async function measure(files: Iterable<string>) {
  const totals: Record<'js' | 'css', Sizes> = {
    js: { files: 0, raw: 0, gzip: 0, brotli: 0 },
    css: { files: 0, raw: 0, gzip: 0, brotli: 0 },
  };
  const perFile: Record<string, { brotli: number; gzip: number }> = {};
  for (const file of files) {
    const kind = file.endsWith('.css') ? 'css' : 'js';
    const content = readFileSync(path.join(DIST, file));
    const { br, gz } = await compressBoth(content);
    const total = totals[kind];
    total.files += 1;
    total.raw += content.length;
    total.gzip += gz.length;
    total.brotli += br.length;
    perFile[file] = { brotli: br.length, gzip: gz.length };
  }
  return { ...totals, perFile };
}

buildIfNeeded();
const manifest = readManifest(DIST);
const loginPage: Record<string, unknown> = {};
const signIn: Record<string, unknown> = {};
let loginJsBrotli = 0;
let loginJsGzip = 0;
for (const language of languages) {
  const page = await measure(loginPageFiles(manifest, language));
  const request = await measure(signInRequestFiles(manifest, language));
  loginPage[language] = { js: page.js, css: page.css, files: page.perFile };
  signIn[language] = { js: request.js, files: request.perFile };
  // The budget holds for the heavier language.
  loginJsBrotli = Math.max(loginJsBrotli, page.js.brotli);
  loginJsGzip = Math.max(loginJsGzip, page.js.gzip);
}

console.log(
  JSON.stringify(
    {
      bench: 'bundle',
      unit: 'bytes',
      loginPage,
      signInRequest: signIn,
      budget: {
        loginJsBrotliMax: LOGIN_JS_BUDGET,
        loginJsBrotli,
        loginJsGzip,
        withinBudget: loginJsBrotli < LOGIN_JS_BUDGET,
      },
    },
    null,
    2,
  ),
);
