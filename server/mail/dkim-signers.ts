import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import signDkim from 'nodemailer/lib/dkim/sign';
import type { DkimInputs } from './raw-message.ts';

/**
 * DKIM's RSA work (about 1 ms a message for a 2048-bit key) on worker threads, one per core, so
 * signing neither blocks the thread that answers HTTP nor leaves the other core idle. Requests go
 * to the worker with the fewest pending. The workers are unref'd (they never keep the process
 * alive) and started on the first signature. If a worker cannot start or dies, signing falls
 * back to this thread: a message is never lost to the pool.
 */
type Pending = { resolve: (header: string) => void; reject: (error: Error) => void; inputs: DkimInputs };
type Signer = { worker: Worker; pending: Map<number, Pending> };

const WORKER_URL = new URL('./dkim-worker.mjs', import.meta.url);

export class DkimSigners {
  private signers: Signer[] | null = null;
  private nextId = 0;
  private broken = false;

  constructor(private readonly size = Math.max(1, availableParallelism())) {}

  sign(inputs: DkimInputs): Promise<string> {
    const signer = this.broken ? null : this.pick();
    if (!signer) return Promise.resolve(signHere(inputs));
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      signer.pending.set(id, { resolve, reject, inputs });
      signer.worker.postMessage({ id, ...inputs });
    });
  }

  close(): void {
    for (const signer of this.signers ?? []) {
      void signer.worker.terminate();
      this.settleHere(signer);
    }
    this.signers = null;
  }

  private pick(): Signer | null {
    if (!this.signers) {
      try {
        this.signers = Array.from({ length: this.size }, () => this.start());
      } catch {
        this.broken = true;
        return null;
      }
    }
    let best: Signer | null = null;
    for (const signer of this.signers) if (!best || signer.pending.size < best.pending.size) best = signer;
    return best;
  }

  private start(): Signer {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const signer: Signer = { worker, pending: new Map() };
    worker.on('message', (answer: { id: number; header?: string; error?: string }) => {
      const pending = signer.pending.get(answer.id);
      if (!pending) return;
      signer.pending.delete(answer.id);
      if (answer.header) pending.resolve(answer.header);
      else pending.reject(new Error(answer.error ?? 'DKIM signing failed'));
    });
    const fail = () => {
      // A dead worker's requests are signed here; later ones too.
      this.broken = true;
      this.settleHere(signer);
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    return signer;
  }

  private settleHere(signer: Signer): void {
    for (const [id, pending] of signer.pending) {
      signer.pending.delete(id);
      try {
        pending.resolve(signHere(pending.inputs));
      } catch (error) {
        pending.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
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
