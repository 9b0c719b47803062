import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../server/db/create-db.ts';
import type { Db } from '../../server/db/schema.ts';
import { startServerProcess, type ServerProcess } from '../../tests/server/helpers/server-process.ts';

/** What the send benches share: the sink process, a server on a fresh database, latency figures. */

export type Sink = { child: ChildProcess; port: number; count: () => Promise<number> };

/** CPU seconds (user + system) a process has used, from /proc: more stable than a rate on a shared machine. */
export async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The loopback `smtp-server` sink (bench/send-sink.ts) in its own process. */
export function startSink(): Promise<Sink> {
  const child = fork(path.join(import.meta.dirname, '../send-sink.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve) => {
    child.once('message', (message: { port: number }) => {
      resolve({
        child,
        port: message.port,
        count: () =>
          new Promise((answer) => {
            child.once('message', (reply: { count: number }) => answer(reply.count));
            child.send('count');
          }),
      });
    });
  });
}

export type Engine = 'sqlite' | 'postgres';

/** The sending settings a run may vary (SEND_CONCURRENCY, COMPOSE_THREADS, ...), passed on to the server as set. */
export const sendingEnv = (): Record<string, string> =>
  Object.fromEntries(
    [
      'SEND_ENGINE',
      'SEND_THREAD',
      'SEND_THREAD_NICE',
      'SEND_BATCH_SIZE',
      'SEND_CONCURRENCY',
      'COMPOSE_THREADS',
    ]
      .filter((name) => process.env[name])
      .map((name) => [name, process.env[name]!]),
  );

export async function postgresReachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export type BenchServer = {
  server: ServerProcess;
  db: Db;
  base: string;
  access: string;
  user: { id: string; email: string };
  /** The server process's peak resident memory so far (VmHWM), in MB. */
  peakRssMb: () => Promise<number>;
  /** CPU seconds the server process has used so far, all its threads. */
  cpuSeconds: () => Promise<number>;
  stop: () => Promise<void>;
};

/**
 * The real server (`node --import tsx server/main.ts`) on a fresh SQLite folder or PostgreSQL
 * schema, relaying to the sink, signed in as the admin (who holds `credits`).
 */
export async function startBenchServer(options: {
  engine: Engine;
  postgresUrl: string | undefined;
  sinkPort: number;
  credits: number;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'el-namer-bench-'));
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (options.engine === 'postgres' && options.postgresUrl) {
    const schema = `bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Pool({ connectionString: options.postgresUrl, max: 1 });
    await admin.query(`create schema ${schema}`);
    const url = new URL(options.postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    };
  }
  const password = 'bench-admin-password';
  const server = startServerProcess({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SMTP_URL: `smtp://127.0.0.1:${options.sinkPort}`,
    ADMIN_PASSWORD: password,
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_INITIAL_CREDITS: String(options.credits),
    // Many keep-alive readers at once: the bench measures latency, not the login limiter.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const db = createDb({ dataDir, databaseUrl });
  const stop = async () => {
    await server.kill('SIGTERM');
    await db.destroy();
    await dropSchema();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const base = await server.baseUrl(120_000);
    const login = (await (
      await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      })
    ).json()) as { access: string; user: { id: string; email: string } };
    return {
      server,
      db,
      base,
      access: login.access,
      user: login.user,
      peakRssMb: async () => {
        const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
        return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      },
      cpuSeconds: () => processCpuSeconds(server.child.pid!),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The n-th percentile of sorted latencies, in ms. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10;

/** Requests, p50, p99 and max of a set of latencies (ms). */
export function latencySummary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: percentile(sorted, 100),
  };
}

export const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0]);
