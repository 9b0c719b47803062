import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let built: string | null = null;

/** Builds the server bundle into a folder of its own under .tmp; returns main.js and how to remove it. */
export function buildTemporaryBundle(): { main: string; remove: () => void } {
  const dir = path.join(ROOT, '.tmp', 'server-build', randomUUID());
  return { main: buildServer(dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The server bundle `npm start` runs (scripts/build-server.ts), for tests and benches that start
 * the server as a process: they exercise what users run, without tsx's loader threads. Under
 * vitest the global setup (tests/setup/server-bundle.global.ts) builds it once for every test
 * file and passes it on in SERVER_BUNDLE; elsewhere (the benches) it is built here, once.
 */
export function serverBundle(): string {
  if (process.env.SERVER_BUNDLE) return process.env.SERVER_BUNDLE;
  if (built) return built;
  const bundle = buildTemporaryBundle();
  process.once('exit', bundle.remove);
  built = bundle.main;
  return built;
}

/** The arguments package.json's `start` gives node (`node <these>`): its flags and scripts/start.mjs. */
export function startScriptArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = scripts.start.split(' ');
  if (command !== 'node') throw new Error(`npm start runs "${command}", not node`);
  return args;
}

/** node's arguments to run the bundle with the flags `npm start` passes (--expose-gc: server/lib/heap.ts). */
export const serverArgs = (): string[] => [
  ...startScriptArgs().filter((arg) => arg.startsWith('--')),
  serverBundle(),
];
