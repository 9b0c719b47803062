import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * The dispatcher on a worker thread (SEND_THREAD=worker, the default). Building messages, the SMTP
 * client and result writes cost about as much CPU as answering the API; on one thread a team
 * reading the e-mail log slowed its own campaign to a crawl and sending made the API answer in
 * seconds (issue 17). The thread has its own database connection (SQLite in WAL mode with
 * immediate transactions, or its own PostgreSQL pool), so the two only meet in the database,
 * where the lease / start-mark / result protocol already makes every write safe for several
 * dispatchers. Crash safety is unchanged: the thread is the process's only dispatcher.
 */
export type DispatcherThreadData = {
  config: AppConfig;
  /** The relay the thread sends through: SMTP_URL or the capture server's address. */
  relayUrl: string;
  owner: string;
  recoverAllAtStart: boolean;
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export type ToDispatcherThread = { type: 'wake' } | { type: 'stop' };
export type FromDispatcherThread =
  | { type: 'started' }
  | { type: 'stopped' }
  | {
      type: 'log';
      level: LogLevel;
      bindings: Record<string, unknown>;
      fields?: Record<string, unknown>;
      message?: string;
    };

// From source (tsx, vitest) the .mjs entry registers tsx in the new thread and loads the
// TypeScript; from the bundle `npm start` runs (scripts/build-server.ts) the thread's own bundle
// sits beside this one.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./dispatcher-worker.mjs', import.meta.url)
  : new URL('./dispatcher-worker.js', import.meta.url);
const RESTART_AFTER_MS = 1000;
// The thread's young generation (V8 otherwise grows it to about 48 MB in a send): what a message
// allocates dies within the message, so a smaller one costs no CPU measurably and keeps some
// 20-30 MB out of the process's RSS (bench:send, docs/sending-engine.md).
export const YOUNG_GENERATION_MB = 16;

export class DispatcherThread {
  private worker: Worker | null = null;
  private stopping = false;
  private stopped: Promise<void> | null = null;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly data: DispatcherThreadData,
    private readonly log: FastifyBaseLogger,
  ) {}

  get owner(): string {
    return this.data.owner;
  }

  start(): void {
    if (this.worker || this.stopping) return;
    const worker = new Worker(WORKER_URL, {
      workerData: this.data,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker = worker;
    worker.on('message', (message: FromDispatcherThread) => {
      if (message.type === 'log') {
        const log = this.log.child(message.bindings);
        if (message.fields) log[message.level](message.fields, message.message);
        else log[message.level](message.message ?? '');
      }
    });
    worker.on('error', (error) => this.log.error({ err: error }, 'the dispatcher thread failed'));
    worker.on('exit', (code) => {
      this.worker = null;
      if (this.stopping) return;
      // A thread that dies (an out-of-memory, a bug) must not stop sending for good: the queue
      // and the leases are in the database, so a new thread picks up where it left off.
      this.log.error({ code }, 'the dispatcher thread exited; starting a new one');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        this.start();
      }, RESTART_AFTER_MS);
    });
  }

  /** New due work was committed: claim it now instead of at the next poll. */
  wake(): void {
    this.worker?.postMessage({ type: 'wake' } satisfies ToDispatcherThread);
  }

  /** Stops claiming; in-flight sends finish and their results are written before this resolves. */
  stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return Promise.resolve();
    this.stopped ??= new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.on('message', (message: FromDispatcherThread) => {
        if (message.type === 'stopped') void worker.terminate();
      });
      worker.postMessage({ type: 'stop' } satisfies ToDispatcherThread);
    });
    return this.stopped;
  }
}
