import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverArgs } from '../../support/server-bundle.ts';
import type { TestDatabase } from './test-app.ts';

/**
 * The real server as `npm start` runs it (the bundle of scripts/build-server.ts) in a child
 * process, for what only a process can show: being killed with SIGKILL mid-send, or memory
 * measured apart from the load generator.
 */
export type ServerProcess = {
  child: ChildProcess;
  /** Every log line so far (pino JSON). */
  lines: string[];
  /** Resolves with the first log line containing `text`. */
  waitForLog: (text: string, timeoutMs?: number) => Promise<string>;
  /** Where it listens (`http://127.0.0.1:port`), once it says so. */
  baseUrl: (timeoutMs?: number) => Promise<string>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `args` are node's: the bundle by default, or another entry (scripts/start.mjs, as npm start runs it). */
export function startServerProcess(
  env: Record<string, string>,
  args: string[] = serverArgs(),
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      INBOUND_SMTP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let waiters: { text: string; resolve: (line: string) => void }[] = [];
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      waiters = waiters.filter((waiter) => {
        if (!line.includes(waiter.text)) return true;
        waiter.resolve(line);
        return false;
      });
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitForLog = (text: string, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((line) => line.includes(text));
      if (seen) return resolve(seen);
      const timer = setTimeout(
        () => reject(new Error(`server never logged "${text}":\n${lines.slice(-20).join('\n')}`)),
        timeoutMs,
      );
      waiters.push({
        text,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });

  return {
    child,
    lines,
    waitForLog,
    baseUrl: async (timeoutMs) => {
      const listening = await waitForLog('Server listening at http://', timeoutMs);
      return /Server listening at (http:\/\/[^"\s]+)/.exec(listening)![1]!;
    },
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The server process on a test database (its folder, and its PostgreSQL schema when it has one). */
export function startServerOn(database: TestDatabase, env: Record<string, string>): ServerProcess {
  return startServerProcess({
    DATA_DIR: database.config.dataDir,
    STATIC_DIR: path.join(database.config.dataDir, 'dist'),
    ...(database.config.databaseUrl ? { DATABASE_URL: database.config.databaseUrl } : {}),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    ADMIN_PASSWORD: 'admin-password-for-tests',
    ...env,
  });
}
