import { Worker } from 'node:worker_threads';
import type { AppConfig } from '../config.ts';
import { FallbackThreads } from '../lib/fallback-threads.ts';
import { YOUNG_GENERATION_MB } from './dispatcher-thread.ts';
import type { ClaimedMessage } from './queue.repository.ts';
import type { BuiltMessage } from './transport.ts';

/**
 * Composing and building messages (the template rendered for the recipient, click tracking, the
 * MIME text encoded: about 60 % of the dispatcher thread's CPU per message) on threads of their
 * own, so the dispatcher thread only claims, marks, writes results and talks SMTP, and a second
 * core does the rest (COMPOSE_THREADS, default 1; 0 composes on the dispatcher thread as before).
 *
 * A thread has its own database connection and campaign contexts (compose-worker-main.ts). The
 * dispatcher asks for a group of claimed messages at a time, as it marks them started; the thread
 * answers each message with its built pieces (the campaign's files as SharedArrayBuffers, shared
 * with this thread without a copy), or tells the dispatcher to compose it itself (what nodemailer
 * must build), or the error composing met. A thread that cannot start or dies hands its requests
 * back: the dispatcher composes them, and every later one, itself. Nothing is lost to a thread.
 */
export type ComposeThreadData = { config: AppConfig };

/** A claimed message's row, as the thread needs it (ClaimedMessage is plain data). */
export type ComposeRequest =
  | { type: 'build'; id: number; now: number; messages: ClaimedMessage[] }
  | { type: 'keep'; campaignIds: string[] };

/** A built message's pieces on the wire: strings, or an index into the answer's `files`. */
export type WireComposed =
  | {
      kind: 'built';
      userId: string;
      message: { envelope: { from: string; to: string[] }; messageId: string; chunks: (string | number)[] };
      dkim: BuiltMessage['dkim'];
    }
  | { kind: 'here' }
  | { kind: 'missing'; userId: string; entry: string }
  | { kind: 'error'; userId: string; error: string; stack?: string };

export type ComposeAnswer = { id: number; results: WireComposed[]; files: SharedArrayBuffer[] };

/** One message's answer, as the dispatcher acts on it. */
export type Composed =
  | { kind: 'built'; userId: string; built: BuiltMessage }
  /** Compose it on the dispatcher thread: nodemailer must build it, or no thread can. */
  | { kind: 'here' }
  | { kind: 'missing'; userId: string; entry: string }
  | { kind: 'error'; userId: string; error: string; stack?: string };

// From source (tsx, vitest) the .mjs entry registers tsx in the new thread; the server bundle
// (scripts/build-server.ts) has compose-worker.js beside it.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./compose-worker.mjs', import.meta.url)
  : new URL('./compose-worker.js', import.meta.url);

export class ComposeThreads {
  private readonly threads: FallbackThreads<ComposeAnswer>;
  /** Messages the threads built (the rest were composed on the dispatcher thread). */
  built = 0;

  constructor(data: ComposeThreadData, size = 1) {
    // A small young generation, as the dispatcher thread's: a message's garbage dies with it.
    const start = () =>
      new Worker(WORKER_URL, {
        workerData: data,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
    this.threads = new FallbackThreads(start, size);
  }

  /** The group's messages composed and built, in order; each answer says what to do with it. */
  build(messages: ClaimedMessage[], now: Date): Promise<Composed[]> {
    return new Promise<Composed[]>((resolve) => {
      // What a thread cannot take, or a dead thread had not answered, is composed by the caller.
      const here = () => resolve(messages.map(() => ({ kind: 'here' })));
      const request: Omit<Extract<ComposeRequest, { type: 'build' }>, 'id'> = {
        type: 'build',
        now: now.getTime(),
        messages,
      };
      const posted = this.threads.post(request, {
        answer: (answer) => {
          const results = fromWire(answer);
          for (const result of results) if (result.kind === 'built') this.built += 1;
          resolve(results);
        },
        handBack: here,
      });
      if (!posted) here();
    });
  }

  /** Campaigns no longer sending: the threads drop what they keep of the others. */
  keepOnly(campaignIds: string[]): void {
    this.threads.broadcast({ type: 'keep', campaignIds } satisfies ComposeRequest);
  }

  close(): void {
    this.threads.close();
  }
}

function fromWire(answer: ComposeAnswer): Composed[] {
  // A Buffer over each shared file, made once per answer, not per message.
  const files = answer.files.map((shared) => Buffer.from(shared));
  return answer.results.map((result) => {
    if (result.kind !== 'built') return result;
    const chunks = result.message.chunks.map((chunk) => (typeof chunk === 'number' ? files[chunk]! : chunk));
    return {
      kind: 'built',
      userId: result.userId,
      built: { message: { ...result.message, chunks }, dkim: result.dkim },
    };
  });
}
