import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
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
const db = createDb(config);
const relay = createRelay(() => data.relayUrl, config.sending, config.ehloName);
const transport = relay.transport()!;
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
});

port.on('message', (message: ToDispatcherThread) => {
  if (message.type === 'wake') dispatcher.wake();
  else if (message.type === 'stop') {
    void (async () => {
      try {
        await dispatcher.stop();
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
