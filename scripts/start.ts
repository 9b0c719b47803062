/**
 * `npm start`: build the browser app when dist/ is missing or older than its sources, then start
 * the server (which migrates the database and serves the app and the API on one port).
 * Building here keeps the README's promise of one command on a fresh machine.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'contract', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

function browserAppIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((name) => existsSync(join(root, name)) && newestMtime(join(root, name)) > builtAt);
}

if (process.env.SKIP_BUILD !== '1' && browserAppIsStale()) {
  console.log('Building the browser app (dist/ is missing or older than its sources)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}

await import('../server/main.ts');
