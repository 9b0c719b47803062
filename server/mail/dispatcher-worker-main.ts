import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { lowerThreadPriority } from '../lib/thread-priority.ts';
import { ComposeThreads } from './compose-threads.ts';
import { Dispatcher } from './dispatcher.ts';
import {
  LOG_LEVELS,
  type DispatcherThreadData,
  type FromDispatcherThread,
  type ToDispatcherThread,
} from './dispatcher-thread.ts';
import { createRelay } from './relay.ts';

/**
 * The dispatcher's own thread: its own database connection, relay pool and logger, so composing,
 * SMTP and writing results never run on the thread that answers HTTP. The API thread wakes it
 * after a commit that leaves due work and asks it to stop before the app closes.
 */
const data = workerData as DispatcherThreadData;
const config: AppConfig = data.config;
const port = parentPort!;
const post = (message: FromDispatcherThread) => port.postMessage(message);

/** Log lines go to the API thread's logger: one stream, one format, one redaction list. */
function threadLogger(bindings: Record<string, unknown>): FastifyBaseLogger {
  const logger = {
    level: config.logLevel,
    child: (more: Record<string, unknown>) => threadLogger({ ...bindings, ...more }),
  };
  for (const level of LOG_LEVELS) {
    Object.assign(logger, {
      [level]: (first: unknown, message?: string) =>
        post(
          typeof first === 'string'
            ? { type: 'log', level, bindings, message: first }
            : { type: 'log', level, bindings, fields: first as Record<string, unknown>, message },
        ),
    });
  }
  return logger as unknown as FastifyBaseLogger;
}

const log = threadLogger({ thread: 'worker' });
yieldToTheApi(config.sending.threadNice ?? 0);

/**
 * Lowers this thread's scheduling priority (Linux applies a nice value to one thread when given
 * its thread id): with 100 readers, the API's p99 fell from 322 to 254 ms on SQLite and 880 to
 * 704 ms on PostgreSQL at nice 5 while sending kept 0.7 of its speed. Elsewhere there is no
 * /proc/thread-self and the thread keeps the process's priority.
 */
function yieldToTheApi(nice: number): void {
  try {
    lowerThreadPriority(nice);
  } catch (error) {
    log.warn({ err: error }, "could not lower the dispatcher thread's priority");
  }
}
const db = createDb(config);
const relay = createRelay(() => data.relayUrl, config.sending, config.ehloName);
const transport = relay.transport()!;
const composeThreads = config.sending.composeThreads ?? 0;
// Only a transport that sends built messages can take what compose threads build.
const composer =
  composeThreads > 0 && transport.sendBuilt ? new ComposeThreads({ config }, composeThreads) : undefined;
const dispatcher = new Dispatcher({
  db,
  transport,
  sending: config.sending,
  dataDir: config.dataDir,
  publicUrl: config.publicUrl,
  bounceDomain: config.bounceDomain,
  now: () => new Date(),
  log,
  recoverAllAtStart: data.recoverAllAtStart,
  owner: data.owner,
  composer,
  bouncePause: config.feedback,
});

port.on('message', (message: ToDispatcherThread) => {
  if (message.type === 'wake') dispatcher.wake();
  else if (message.type === 'stop') {
    void (async () => {
      try {
        await dispatcher.stop();
        composer?.close();
        relay.close();
        await db.destroy();
      } finally {
        post({ type: 'stopped' });
      }
    })();
  }
});

dispatcher.start();
post({ type: 'started' });
