import type { Worker } from 'node:worker_threads';

/**
 * Worker threads that take work off the calling thread, with the calling thread as their fallback:
 * the DKIM signers (server/mail/dkim-signers.ts) and the compose threads
 * (server/mail/compose-threads.ts). The threads start on the first request and are unref'd (they
 * never keep the process alive). A request goes to the thread with the fewest pending, with an id
 * its answer carries back. If a thread cannot start or dies, every request it had not answered is
 * handed back to its caller, and so is every later one (`post` answers false): work is never lost
 * to a thread.
 */
export type PendingRequest<Answer> = { answer: (answer: Answer) => void; handBack: () => void };

type Thread<Answer> = { worker: Worker; pending: Map<number, PendingRequest<Answer>> };

export class FallbackThreads<Answer extends { id: number }> {
  private threads: Thread<Answer>[] | null = null;
  private broken = false;
  private nextId = 0;

  constructor(
    private readonly startWorker: () => Worker,
    private readonly size: number,
  ) {}

  /** Posts `message` (plus its id) to a thread; false when none can take it: the caller does the work. */
  post(message: object, pending: PendingRequest<Answer>): boolean {
    const thread = this.broken ? null : this.pick();
    if (!thread) return false;
    const id = this.nextId++;
    thread.pending.set(id, pending);
    thread.worker.postMessage({ ...message, id });
    return true;
  }

  /** A message every running thread gets, with no answer expected. */
  broadcast(message: object): void {
    for (const thread of this.threads ?? []) thread.worker.postMessage(message);
  }

  close(): void {
    for (const thread of this.threads ?? []) {
      void thread.worker.terminate();
      handBack(thread);
    }
    this.threads = null;
  }

  private pick(): Thread<Answer> | null {
    if (!this.threads) {
      try {
        this.threads = Array.from({ length: this.size }, () => this.start());
      } catch {
        this.broken = true;
        return null;
      }
    }
    let best: Thread<Answer> | null = null;
    for (const thread of this.threads) if (!best || thread.pending.size < best.pending.size) best = thread;
    return best;
  }

  private start(): Thread<Answer> {
    const worker = this.startWorker();
    worker.unref();
    const thread: Thread<Answer> = { worker, pending: new Map() };
    worker.on('message', (answer: Answer) => {
      const pending = thread.pending.get(answer.id);
      if (!pending) return;
      thread.pending.delete(answer.id);
      pending.answer(answer);
    });
    const fail = () => {
      this.broken = true;
      handBack(thread);
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    return thread;
  }
}

function handBack<Answer>(thread: Thread<Answer>): void {
  for (const [id, pending] of thread.pending) {
    thread.pending.delete(id);
    pending.handBack();
  }
}
