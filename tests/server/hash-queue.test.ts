import { createJobLimiter, HashQueueFull } from '../../server/lib/hash-queue.ts';

/** A job the test finishes by hand, so "running" and "waiting" are exact, not timing-dependent. */
function manualJob() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      started = true;
      await done;
      return 'ok';
    },
    finish: () => finish(),
    started: () => started,
  };
}

describe('the password hash queue', () => {
  it('runs `concurrency` jobs, queues `queue` more and refuses the rest with 503', async () => {
    const limiter = createJobLimiter({ concurrency: 2, queue: 1 });
    const jobs = [manualJob(), manualJob(), manualJob(), manualJob()];
    const results = jobs.map((job) => limiter.run(job.run).catch((error: unknown) => error));
    await Promise.resolve();
    expect(jobs.map((job) => job.started())).toEqual([true, true, false, false]);
    expect(limiter.load()).toEqual({ active: 2, waiting: 1 });

    const refused = await results[3];
    expect(refused).toBeInstanceOf(HashQueueFull);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'errors.unavailable',
      headers: { 'retry-after': '1' },
    });

    jobs[0]!.finish();
    expect(await results[0]).toBe('ok');
    // The freed slot went to the waiting job, not to a newcomer.
    expect(jobs[2]!.started()).toBe(true);
    expect(limiter.load()).toEqual({ active: 2, waiting: 0 });
    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(results);
    expect(limiter.load()).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a job that failed', async () => {
    const limiter = createJobLimiter({ concurrency: 1, queue: 0 });
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});
