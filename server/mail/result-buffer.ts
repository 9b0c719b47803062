import type { FastifyBaseLogger } from 'fastify';
import type { SendingConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { writeResults, type Result } from './results.ts';

const FLUSH_EVERY_MS = 100;
/** A write that failed (the database busy or away) is tried again, this many times at most. */
const WRITE_TRIES = 8;
const RETRY_MAX_MS = 2000;

export type ResultBufferOptions = {
  db: Db;
  owner: string;
  sending: SendingConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  /** A write starts once this many results wait (or FLUSH_EVERY_MS after the first). */
  flushAt: number;
  /** Runs each write one at a time with the dispatcher's other writes of held rows. */
  serial: <T>(write: () => Promise<T>) => Promise<T>;
  /**
   * After each write, inside its serial section (the bounce-rate check, which campaigns stopped):
   * what it learns is known before `written` lets more messages go out.
   */
  afterWrite: (results: Result[]) => Promise<void>;
  /** The results are in the database (or every try failed): their rows are settled. */
  written: (results: Result[]) => void;
};

/**
 * Send outcomes collected and written in batches, one batch at a time and in order, so a message
 * costs a share of one statement instead of one of its own. A result not yet written is a
 * message a crash would send twice, so the dispatcher counts them with the messages in flight and
 * lets no more than SEND_CONCURRENCY + SEND_BATCH_SIZE be unsettled at once (docs/sending-engine.md);
 * writes start at half a claim's worth of results. A failed write is tried again rather than
 * dropped: its rows would otherwise wait for their leases to run out and be sent again.
 */
export class ResultBuffer {
  private results: Result[] = [];
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private drainAll = false;

  constructor(private readonly options: ResultBufferOptions) {}

  add(result: Result): void {
    this.results.push(result);
    if (this.results.length >= this.options.flushAt) void this.start(false);
    else this.timer ??= setTimeout(() => void this.start(true), FLUSH_EVERY_MS);
  }

  /** Writes what is buffered now; resolves once every result so far is written. */
  async flush(): Promise<void> {
    // A result added while the last write was ending is not that write's: go round again.
    while (this.results.length > 0 || this.draining) await this.start(true);
  }

  private start(all: boolean): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (all) this.drainAll = true;
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
      // Results that came during the last write and are fewer than flushAt wait for the timer.
      if (this.results.length > 0) this.timer ??= setTimeout(() => void this.start(true), FLUSH_EVERY_MS);
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.results.length > 0 && (this.drainAll || this.results.length >= this.options.flushAt)) {
      this.drainAll = false;
      const batch = this.results;
      this.results = [];
      await this.write(batch);
    }
    this.drainAll = false;
  }

  private async write(batch: Result[]): Promise<void> {
    const { db, owner, sending, now, log, serial, afterWrite, written } = this.options;
    await serial(async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await writeResults(db, batch, { owner, now: now(), sending });
          break;
        } catch (error) {
          if (attempt >= WRITE_TRIES) {
            // Left to the leases: the rows go back to the queue when theirs run out, flagged.
            log.error({ err: error, results: batch.length }, 'writing send results failed');
            break;
          }
          log.warn({ err: error, attempt }, 'writing send results failed; trying again');
          await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, RETRY_MAX_MS)));
        }
      }
      try {
        await afterWrite(batch);
      } catch (error) {
        log.error({ err: error }, 'checking campaigns after a result write failed');
      }
      written(batch);
    });
  }
}
