import type { FastifyBaseLogger } from 'fastify';
import type { SendingConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { writeResults, type Result } from './results.ts';

const RESULT_BATCH = 200;
const FLUSH_EVERY_MS = 100;

/**
 * Send outcomes collected and written in batches (every 100 ms or 200 results), one batch at a
 * time and in order, so a message costs a share of one statement instead of one of its own.
 * The crash window this opens (results not yet written) is what docs/sending-engine.md describes.
 */
export class ResultBuffer {
  private results: Result[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      owner: string;
      sending: SendingConfig;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  add(result: Result): void {
    this.results.push(result);
    if (this.results.length >= RESULT_BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes what is buffered now; resolves once every result so far is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.results.length > 0) {
      const results = this.results;
      this.results = [];
      const { db, owner, sending, now, log } = this.options;
      this.writing = this.writing
        .then(() => writeResults(db, results, { owner, now: now(), sending }))
        .catch((error: unknown) => log.error({ err: error }, 'writing send results failed'));
    }
    return this.writing;
  }
}
