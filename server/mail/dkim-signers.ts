import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import signDkim from 'nodemailer/lib/dkim/sign';
import { FallbackThreads } from '../lib/fallback-threads.ts';
import type { DkimInputs } from './raw-message.ts';

/**
 * DKIM's RSA work (about 1 ms a message for a 2048-bit key) on worker threads, one per core, so
 * signing neither blocks the thread that answers HTTP nor leaves the other core idle
 * (server/lib/fallback-threads.ts: started on the first signature, the least busy thread takes
 * each request). If a worker cannot start or dies, signing falls back to this thread: a message
 * is never lost to the pool.
 */
const WORKER_URL = new URL('./dkim-worker.mjs', import.meta.url);

type Answer = { id: number; header?: string; error?: string };

export class DkimSigners {
  private readonly threads: FallbackThreads<Answer>;

  constructor(size = Math.max(1, availableParallelism())) {
    this.threads = new FallbackThreads(() => new Worker(WORKER_URL), size);
  }

  sign(inputs: DkimInputs): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const here = () => {
        try {
          resolve(signHere(inputs));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      const posted = this.threads.post(inputs, {
        answer: (answer) =>
          answer.header ? resolve(answer.header) : reject(new Error(answer.error ?? 'DKIM signing failed')),
        handBack: here,
      });
      if (!posted) here();
    });
  }

  close(): void {
    this.threads.close();
  }
}

function signHere(inputs: DkimInputs): string {
  const header = signDkim(
    inputs.headers,
    'sha256',
    inputs.bodyHash,
    inputs.options as Parameters<typeof signDkim>[3],
  );
  if (!header) throw new Error('DKIM signing failed');
  return header;
}
