import { errorCodes } from '../../contract/errors.contract.ts';
import { HttpError } from './http-error.ts';

/**
 * Admits at most `concurrency` jobs at once and lets at most `queue` more wait; anything beyond
 * is refused at once. Password hashing needs this: scrypt runs on libuv's four shared threads,
 * so an unbounded sign-in flood would also stall file reads and every other request.
 */
export type JobLimiter = {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now and jobs waiting for a slot. */
  load(): { active: number; waiting: number };
};

export class HashQueueFull extends HttpError {
  constructor() {
    super(
      503,
      errorCodes.unavailable,
      'The server is busy checking passwords; try again shortly',
      undefined,
      {
        'retry-after': '1',
      },
    );
  }
}

export function createJobLimiter(limits: { concurrency: number; queue: number }): JobLimiter {
  let active = 0;
  const waiting: Array<() => void> = [];

  async function acquire(): Promise<void> {
    if (active < limits.concurrency) {
      active++;
      return;
    }
    if (waiting.length >= limits.queue) throw new HashQueueFull();
    // The slot is handed over by release() without `active` ever dropping, so no newcomer can
    // jump the queue between one job ending and the next starting.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  return {
    async run(job) {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    load: () => ({ active, waiting: waiting.length }),
  };
}
