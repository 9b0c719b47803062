import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { SendingConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { releaseCampaignUploads } from '../modules/uploads/uploads.cleanup.ts';
import { MissingAttachmentError } from './attachments.ts';
import { CampaignContexts } from './campaign-contexts.ts';
import { composeMessage } from './compose.ts';
import type { ComposeThreads, Composed } from './compose-threads.ts';
import * as queue from './queue.repository.ts';
import { ResultBuffer } from './result-buffer.ts';
import type { MailTransport, SendOutcome } from './transport.ts';

/**
 * The loop that turns queued message rows into SMTP deliveries. Per claimed batch: mark a small
 * group as started (one write), hand its messages to the pooled transport (bounded by the pool's
 * size), and collect outcomes that are written back in batches. Database round trips run ahead of
 * the sends instead of between them: the next groups are marked while this one takes its pool
 * slots (MARK_AHEAD_GROUPS), and the next batch is claimed as soon as this one starts, so the
 * pool never waits for the database (on PostgreSQL a write takes milliseconds, about as long as
 * an SMTP send).
 * The statuses and the crash window are described in docs/sending-engine.md.
 */
export type DispatcherOptions = {
  db: Db;
  transport: MailTransport;
  sending: SendingConfig;
  dataDir: string;
  publicUrl: string;
  /** BOUNCE_DOMAIN, or null for each campaign's From domain. */
  bounceDomain: string | null;
  now: () => Date;
  log: FastifyBaseLogger;
  /** SQLite: this is the only process, so every lease found at start is from a dead one. */
  recoverAllAtStart: boolean;
  owner?: string;
  /**
   * Compose threads (compose-threads.ts): messages are composed and built there while this
   * thread sends. Used only with a transport that sends built messages (`sendBuilt`).
   */
  composer?: ComposeThreads;
};

/** A group of claimed messages: which were marked started, and (with compose threads) their builds. */
type Group = { started: Promise<Set<string>>; composed: Promise<Composed[]> | null };

type Claim = { campaignIds: string[]; batch: queue.ClaimedMessage[] };

const missingAttachment = (entry: string): SendOutcome => ({
  kind: 'permanent',
  response: `attachment not found: ${entry}`,
  userUnknown: false,
});

/** A promise started ahead and awaited later: its failure surfaces there, not as unhandled. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

const MAINTENANCE_EVERY_MS = 1000;
/**
 * How many groups are being marked started while one goes out. On PostgreSQL a mark takes a few
 * milliseconds, as long as a group's sends: with one group ahead the pool waited for it (2,660
 * messages/s after the accept at 50k), with three it does not (3,310; six gave no more). A crash
 * flags at most this many groups more as possible duplicates; SQLite gains and loses nothing.
 */
const MARK_AHEAD_GROUPS = 3;

/** A dispatcher's name on the leases it holds: which host and process, and which start of it. */
export const dispatcherOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export class Dispatcher {
  readonly owner: string;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private inFlight = new Set<Promise<void>>();
  private slotWaiters: (() => void)[] = [];
  private readonly results: ResultBuffer;
  /** The batch claimed ahead while the previous one was still going out. */
  private nextClaim: Promise<Claim> | null = null;
  private readonly contexts: CampaignContexts;
  private wakeUp: (() => void) | null = null;
  /** A wake that came while a step was running: the next idle pause is skipped. */
  private wakePending = false;
  private lastMaintenance = 0;
  private readonly maxInFlight: number;

  constructor(private readonly options: DispatcherOptions) {
    this.owner = options.owner ?? dispatcherOwner();
    // A little more than the pool holds, so composing the next message overlaps the SMTP round trip;
    // with compose threads, messages waiting for their build count too, so twice that.
    this.maxInFlight = options.sending.concurrency * (options.composer ? 4 : 2);
    this.results = new ResultBuffer({ ...options, owner: this.owner });
    this.contexts = new CampaignContexts(options);
  }

  /** The compose threads this dispatcher hands messages to, if any. */
  get composer(): ComposeThreads | undefined {
    return this.options.composer;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming, lets in-flight sends finish and writes their results. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
  }

  /**
   * Looks at the queue now instead of after the poll interval (a campaign was just accepted). A
   * wake during a step is kept: that step's claim may have run before the new rows were committed.
   */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wakePending = true;
  }

  private async loop(): Promise<void> {
    const { db, now, log } = this.options;
    try {
      const recovered = await queue.recoverExpiredLeases(db, {
        now: now(),
        everyLease: this.options.recoverAllAtStart,
      });
      if (recovered > 0)
        log.warn({ recovered }, 'messages of an interrupted dispatcher returned to the queue');
    } catch (error) {
      log.error({ err: error }, 'lease recovery failed');
    }
    while (this.running) {
      try {
        const claimed = await this.step();
        if (!claimed) await this.idle();
      } catch (error) {
        log.error({ err: error }, 'dispatcher step failed');
        await this.idle(1000);
      }
    }
    // A batch claimed ahead goes back to the queue unsent.
    const ahead = await this.nextClaim?.catch(() => null);
    if (ahead) await this.release(ahead.batch);
    await Promise.all(this.inFlight);
    await this.results.flush();
  }

  /** Claims the next batch of due messages, doing the periodic lease recovery first. */
  private async claim(): Promise<Claim> {
    const { db, now, sending } = this.options;
    if (Date.now() - this.lastMaintenance >= MAINTENANCE_EVERY_MS) await this.maintenance();
    const campaignIds = await queue.activeCampaignIds(db);
    const batch = await queue.claimMessages(db, {
      owner: this.owner,
      campaignIds,
      limit: sending.batchSize,
      now: now(),
      leaseSeconds: sending.leaseSeconds,
    });
    return { campaignIds, batch };
  }

  /** Marks a group started and, with compose threads, has it composed meanwhile. */
  private markStarted(group: queue.ClaimedMessage[]): Group {
    const { db, now, sending, composer, transport } = this.options;
    const ids = group.map((message) => message.id);
    const { leaseSeconds } = sending;
    return {
      started: handled(queue.markAttemptsStarted(db, { owner: this.owner, ids, now: now(), leaseSeconds })),
      composed: composer && transport.sendBuilt ? composer.build(group, now()) : null,
    };
  }

  private release(messages: queue.ClaimedMessage[]): Promise<void> {
    const ids = messages.map((message) => message.id);
    return queue.releaseMessages(this.options.db, { owner: this.owner, ids, now: this.options.now() });
  }

  /** One batch and its sends; false when there was nothing to claim. */
  private async step(): Promise<boolean> {
    const { campaignIds, batch } = await (this.nextClaim ?? this.claim());
    this.nextClaim = null;
    this.contexts.keepOnly(campaignIds);
    this.options.composer?.keepOnly(campaignIds);
    if (batch.length === 0) {
      // The last sends finish and their results are written, then campaigns with nothing left can
      // be closed: without waiting, the last campaign would stay open until the next poll.
      await Promise.all(this.inFlight);
      await this.results.flush();
      await this.complete(campaignIds);
      return false;
    }
    const groupSize = Math.max(10, this.options.sending.concurrency);
    const markings: Group[] = [];
    for (let ahead = 0; ahead < MARK_AHEAD_GROUPS && ahead * groupSize < batch.length; ahead += 1)
      markings.push(this.markStarted(batch.slice(ahead * groupSize, (ahead + 1) * groupSize)));
    this.nextClaim = handled(this.claim());
    for (let at = 0; at < batch.length; at += groupSize) {
      const group = batch.slice(at, at + groupSize);
      const marking = markings.shift()!;
      const started = await marking.started;
      if (!this.running) {
        // Marks still on their way land first, so the release clears them too.
        await Promise.allSettled(markings.map((ahead) => ahead.started));
        await this.release(batch.slice(at));
        break;
      }
      const next = at + MARK_AHEAD_GROUPS * groupSize;
      if (next < batch.length) markings.push(this.markStarted(batch.slice(next, next + groupSize)));
      await this.release(group.filter((message) => !started.has(message.id)));
      for (const [index, message] of group.entries()) {
        if (!started.has(message.id)) continue;
        await this.slot();
        const composed = marking.composed?.then((results) => results[index]!) ?? null;
        const task = this.sendOne(message, composed).finally(() => {
          this.inFlight.delete(task);
          this.slotWaiters.shift()?.();
        });
        this.inFlight.add(task);
      }
    }
    return true;
  }

  private async slot(): Promise<void> {
    while (this.inFlight.size >= this.maxInFlight) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
  }

  private async sendOne(message: queue.ClaimedMessage, composed: Promise<Composed> | null): Promise<void> {
    const answer = composed ? await composed : null;
    let outcome: SendOutcome;
    let userId = '';
    if (answer && answer.kind !== 'here') {
      ({ userId } = answer);
      if (answer.kind === 'built') outcome = await this.options.transport.sendBuilt!(answer.built);
      else if (answer.kind === 'missing') outcome = missingAttachment(answer.entry);
      else {
        outcome = { kind: 'temporary', response: answer.error };
        this.options.log.error(
          { err: { message: answer.error, stack: answer.stack } },
          'composing a message failed',
        );
      }
    } else {
      try {
        const context = await this.contexts.get(message.campaign_id);
        userId = context.campaign.user_id;
        outcome = await this.options.transport.send(
          await composeMessage(context, message, this.options.now()),
        );
      } catch (error) {
        outcome =
          error instanceof MissingAttachmentError
            ? missingAttachment(error.entry)
            : { kind: 'temporary', response: error instanceof Error ? error.message : String(error) };
        if (!(error instanceof MissingAttachmentError))
          this.options.log.error({ err: error }, 'composing a message failed');
      }
    }
    this.results.add({
      id: message.id,
      email: message.email,
      campaignId: message.campaign_id,
      userId,
      attempts: message.attempts,
      outcome,
    });
  }

  private async complete(campaignIds: string[]): Promise<void> {
    const { db, dataDir, now, log } = this.options;
    const completed = await queue.completeFinishedCampaigns(db, { ids: campaignIds, now: now() });
    for (const id of completed) {
      this.contexts.drop(id);
      log.info({ campaign: id }, 'campaign completed');
      await releaseCampaignUploads(db, dataDir, id);
    }
  }

  private async maintenance(): Promise<void> {
    this.lastMaintenance = Date.now();
    const recovered = await queue.recoverExpiredLeases(this.options.db, { now: this.options.now() });
    if (recovered > 0) this.options.log.warn({ recovered }, 'expired leases returned to the queue');
  }

  private idle(ms = this.options.sending.pollMs): Promise<void> {
    if (!this.running || this.wakePending) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
