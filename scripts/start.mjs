// `npm start`: build the browser app when dist/ is missing or older than its sources, bundle the
// server (scripts/build-server.ts, about a second), then start it (it migrates the
// database and serves the app and the API on one port). Building here keeps the README's promise
// of one command on a fresh machine. Both builds run in child processes so that neither Vite nor
// esbuild stays loaded in the server, and this file is plain JavaScript so the server runs under
// bare `node`, without tsx (see build-server.ts for why).
//
// package.json starts this file with two V8 flags, which apply to every thread of the server:
// - `--expose-gc`: a big accept collects its own garbage (server/lib/heap.ts);
// - `--heap-growing-percent=30`: a thread's old generation may grow to 1.3 times what survived its
//   last full collection before the next one, instead of up to several times. The dispatcher
//   thread promotes every message it holds in flight, so with V8's default its heap climbed from
//   about 25 MB live to 85 MB between collections; with 30 it stays near 43 MB. Peak RSS of a 100k
//   send 351-359 -> 287-294 MB (SQLite) and 319-320 -> 250-253 MB (PostgreSQL), 298 MB at 1M,
//   with no measurable CPU per message (docs/sending-engine.md, 29 Nov 2026). It also made the
//   compose thread's own full collection every 5,000 messages needless (its heap peaks at 40-44 MB
//   either way), and dropping that saved 6-10 % of the server's CPU per message.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'contract', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

function browserAppIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((name) => existsSync(join(root, name)) && newestMtime(join(root, name)) > builtAt);
}

function run(what, args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${what} failed (exit ${result.status ?? result.signal}); the server was not started.`);
    process.exit(1);
  }
}

if (process.env.SKIP_BUILD !== '1' && browserAppIsStale()) {
  console.log('Building the browser app (dist/ is missing or older than its sources)…');
  run('Building the browser app', [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]);
}
// Always: the bundle is then never older than the server's sources, and building it takes about a second.
run('Bundling the server', ['--import', 'tsx', join(root, 'scripts/build-server.ts')]);
await import(pathToFileURL(join(root, 'build/server/main.js')).href);
