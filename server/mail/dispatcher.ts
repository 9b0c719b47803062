import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackConfig, SendingConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { releaseCampaignUploads } from '../modules/uploads/uploads.cleanup.ts';
import { MissingAttachmentError } from './attachments.ts';
import { CampaignContexts } from './campaign-contexts.ts';
import { composeMessage } from './compose.ts';
import type { ComposeThreads, Composed } from './compose-threads.ts';
import { pauseOnBounceRate } from './feedback/feedback.service.ts';
import { LeaseKeeper } from './lease-keeper.ts';
import * as queue from './queue.repository.ts';
import { ResultBuffer } from './result-buffer.ts';
import type { Result } from './results.ts';
import type { MailTransport, NotStarted, SendOutcome } from './transport.ts';

/**
 * The loop that turns queued message rows into SMTP deliveries. It claims a small group at a time
 * (one write that also marks the group started), hands its messages to the pooled transport
 * (bounded by the pool's size), and collects outcomes that are written back in batches. Claims
 * run ahead of the sends instead of between them: the next groups are claimed while this one
 * takes its pool slots (CLAIM_AHEAD_GROUPS), so the pool never waits for the database (on
 * PostgreSQL a write takes milliseconds, about as long as an SMTP send). A claim takes
 * SEND_BATCH_SIZE messages and a step STEP_GROUPS claims; between steps the dispatcher re-reads
 * which campaigns are sending.
 *
 * What may reach the relay is bounded twice (issue 31): a message starts only while its lease has
 * a quarter of its length left (LeaseKeeper, which renews the leases on a timer of its own), and
 * no more than SEND_CONCURRENCY + SEND_BATCH_SIZE messages are unsettled at once (handed to the
 * transport, or sent with their result not yet written): that many at most are sent twice after a
 * kill -9, and as many at most leave after a pause, which each result write looks for.
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
  /** BOUNCE_PAUSE_PERCENT / BOUNCE_PAUSE_AFTER: checked after every result write. */
  bouncePause?: Pick<FeedbackConfig, 'pausePercent' | 'pauseAfter'>;
  /**
   * Compose threads (compose-threads.ts): messages are composed and built there while this
   * thread sends. Used only with a transport that sends built messages (`sendBuilt`).
   */
  composer?: ComposeThreads;
};

/** A claimed (and so started) group of messages and, with compose threads, their builds. */
type Group = {
  messages: queue.ClaimedMessage[];
  composed: Promise<Composed[]> | null;
};

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
 * How many groups are being claimed while one goes out. On PostgreSQL a claim takes a few
 * milliseconds, as long as a group's sends: with one group ahead the pool waited for it (2,660
 * messages/s after the accept at 50k, measured when this was a separate "started" mark), with
 * three it does not (3,310; six gave no more). A crash flags at most this many groups more as
 * possible duplicates; SQLite gains and loses nothing.
 */
const CLAIM_AHEAD_GROUPS = 3;

/** Groups per step: between steps the dispatcher re-reads which campaigns are sending. */
const STEP_GROUPS = 4;

/** A dispatcher's name on the leases it holds: which host and process, and which start of it. */
export const dispatcherOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export class Dispatcher {
  readonly owner: string;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private inFlight = new Set<Promise<void>>();
  private slotWaiters: (() => void)[] = [];
  private readonly results: ResultBuffer;
  /** Groups claimed ahead while earlier ones go out; a step leaves them to the next. */
  private ahead: Promise<Group>[] = [];
  private readonly contexts: CampaignContexts;
  private wakeUp: (() => void) | null = null;
  /** A wake that came while a step was running: the next idle pause is skipped. */
  private wakePending = false;
  private lastMaintenance = 0;
  private readonly maxInFlight: number;
  private readonly leases: LeaseKeeper;
  /** This dispatcher's writes of held rows, one at a time (no two of them lock rows in turn). */
  private writes: Promise<unknown> = Promise.resolve();
  /** Messages handed to the transport, or with a result not yet written. */
  private unsettled = 0;
  private readonly maxUnsettled: number;
  private settleWaiters: (() => void)[] = [];
  /** Messages that must go back unsent (lease too short, campaign stopped), released together. */
  private toRelease: queue.ClaimedMessage[] = [];
  private releasing: Promise<void> = Promise.resolve();

  constructor(private readonly options: DispatcherOptions) {
    this.owner = options.owner ?? dispatcherOwner();
    const { sending } = options;
    // A little more than the pool holds, so composing the next message overlaps the SMTP round trip;
    // with compose threads, messages waiting for their build count too, so twice that.
    this.maxInFlight = sending.concurrency * (options.composer ? 4 : 2);
    this.maxUnsettled = sending.concurrency + sending.batchSize;
    const serial = <T>(write: () => Promise<T>) => this.serial(write);
    this.leases = new LeaseKeeper({
      ...options,
      owner: this.owner,
      leaseSeconds: sending.leaseSeconds,
      serial,
    });
    this.results = new ResultBuffer({
      ...options,
      owner: this.owner,
      flushAt: Math.max(1, Math.ceil(sending.batchSize / 2)),
      serial,
      afterWrite: (results) => this.afterWrite(results),
      written: (results) => {
        this.leases.forget(results.map((result) => result.id));
        this.settle(results.length);
      },
    });
    this.contexts = new CampaignContexts(options);
  }

  private serial<T>(write: () => Promise<T>): Promise<T> {
    const run = this.writes.then(write, write);
    this.writes = run.catch(() => {});
    return run;
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
    this.leases.start();
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
    // Groups claimed ahead go back to the queue unsent.
    for (const claim of this.ahead.splice(0)) {
      const group = await claim.catch(() => null);
      if (group) await this.release(group.messages);
    }
    await Promise.all(this.inFlight);
    await this.results.flush();
    await this.releaseNow();
    this.leases.stop();
  }

  /** Claims a group (claimed rows are started) and, with compose threads, has it composed meanwhile. */
  private claim(campaignIds: string[]): Promise<Group> {
    const { db, now, sending, composer, transport } = this.options;
    const at = now();
    return handled(
      queue
        .claimMessages(db, {
          owner: this.owner,
          campaignIds,
          limit: sending.batchSize,
          now: at,
          leaseSeconds: sending.leaseSeconds,
        })
        .then((messages) => {
          this.leases.add(messages, at.getTime());
          return {
            messages,
            composed:
              composer && transport.sendBuilt && messages.length > 0 ? composer.build(messages, now()) : null,
          };
        }),
    );
  }

  /** Gives messages back to the queue unsent, now. */
  private async release(messages: queue.ClaimedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const rows = messages.map((message) => ({ id: message.id, generation: message.claim_generation }));
    const campaignIds = [...new Set(messages.map((message) => message.campaign_id))];
    const { db, now } = this.options;
    await this.serial(async () => {
      await db.transaction().execute(async (trx) => {
        await queue.releaseMessages(trx, { owner: this.owner, rows, now: now() });
        await queue.cancelReleased(trx, { campaignIds, now: now() });
      });
      this.leases.forget(rows.map((row) => row.id));
    });
  }

  /** A message that must not start goes back with the others found meanwhile, in one write. */
  private releaseLater(message: queue.ClaimedMessage): void {
    this.toRelease.push(message);
    if (this.toRelease.length === 1) {
      this.releasing = this.releasing
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => this.releaseNow())
        .catch((error: unknown) => this.options.log.error({ err: error }, 'releasing messages failed'));
    }
  }

  private releaseNow(): Promise<void> {
    const messages = this.toRelease;
    this.toRelease = [];
    return this.release(messages);
  }

  /**
   * After every result write: the bounce-rate rule for the campaigns whose outcomes were just
   * recorded (issue 32: on every outcome, not only when a bounce comes in), then which of the
   * campaigns held here stopped sending (paused, by the sender or that rule, or cancelled). Known
   * before the write's messages count as settled, so no more leave than were unsettled when a
   * pause became visible.
   */
  private async afterWrite(results: Result[]): Promise<void> {
    const { db, now, log, bouncePause } = this.options;
    const written = new Set(results.map((result) => result.campaignId));
    const ids = [...new Set([...this.leases.campaignIds(), ...written])];
    const states = await queue.campaignStates(db, ids);
    const stopped = ids.filter((id) => states.get(id)?.status !== 'sending');
    for (const id of written) {
      const state = states.get(id);
      // The rule's own function decides and pauses (it reads the figures again, in its write);
      // this read only spares it a call when the figures cannot pass the limit.
      if (!bouncePause || state?.status !== 'sending' || state.delivered < bouncePause.pauseAfter) continue;
      if (state.bounced * 100 <= bouncePause.pausePercent * state.delivered) continue;
      if (await pauseOnBounceRate(db, id, { ...bouncePause, now: now() })) {
        log.warn({ campaign: id }, 'campaign paused: its hard-bounce rate passed the limit');
        stopped.push(id);
      }
    }
    this.leases.markStopped(stopped);
  }

  /** Waits while SEND_CONCURRENCY + SEND_BATCH_SIZE messages are unsettled; then counts one more. */
  private async unsettledSlot(): Promise<void> {
    while (this.unsettled >= this.maxUnsettled) {
      void this.results.flush();
      await new Promise<void>((resolve) => this.settleWaiters.push(resolve));
    }
    this.unsettled += 1;
  }

  private settle(count: number): void {
    this.unsettled -= count;
    for (const waiter of this.settleWaiters.splice(0)) waiter();
  }

  /**
   * Up to STEP_GROUPS groups of SEND_BATCH_SIZE messages, doing the periodic lease recovery first;
   * false when there was nothing to claim.
   */
  private async step(): Promise<boolean> {
    const { db } = this.options;
    if (Date.now() - this.lastMaintenance >= MAINTENANCE_EVERY_MS) await this.maintenance();
    const readMark = this.leases.readMark();
    const campaignIds = await queue.activeCampaignIds(db);
    this.leases.keepOnly(campaignIds, readMark);
    this.contexts.keepOnly(campaignIds);
    this.options.composer?.keepOnly(campaignIds);
    let claimed = 0;
    let drained = false;
    for (let groups = 0; groups < STEP_GROUPS; groups += 1) {
      while (!drained && this.ahead.length < CLAIM_AHEAD_GROUPS) this.ahead.push(this.claim(campaignIds));
      const next = this.ahead.shift();
      if (!next) break;
      const group = await next;
      if (!this.running) {
        // The loop's end gives back the groups still ahead.
        await this.release(group.messages);
        return true;
      }
      // An empty claim: the queue is drained for now. Groups already claimed still go out.
      if (group.messages.length === 0) drained = true;
      claimed += group.messages.length;
      for (const [index, message] of group.messages.entries()) {
        await this.slot();
        if (!this.running) {
          await this.release(group.messages.slice(index));
          return true;
        }
        // Taken back by another dispatcher (a renewal did not keep it): not ours to send.
        if (!this.leases.holds(message.id)) continue;
        if (this.leases.isStopped(message.campaign_id)) {
          this.releaseLater(message);
          continue;
        }
        const composed = group.composed?.then((results) => results[index]!) ?? null;
        const task = this.sendOne(message, composed).finally(() => {
          this.inFlight.delete(task);
          this.slotWaiters.shift()?.();
        });
        this.inFlight.add(task);
      }
    }
    if (claimed > 0) return true;
    // The last sends finish and their results are written, then campaigns with nothing left can
    // be closed: without waiting, the last campaign would stay open until the next poll.
    await Promise.all(this.inFlight);
    await this.results.flush();
    await this.releasing;
    await this.complete(campaignIds);
    return false;
  }

  private async slot(): Promise<void> {
    while (this.inFlight.size >= this.maxInFlight) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
  }

  private async sendOne(message: queue.ClaimedMessage, composed: Promise<Composed> | null): Promise<void> {
    const { transport, log } = this.options;
    const answer = composed ? await composed : null;
    // Asked by the transport right before the message's transaction begins.
    const mayStart = () => this.leases.mayStart(message.id);
    let outcome: SendOutcome | NotStarted;
    let userId = '';
    if (answer && answer.kind !== 'here') {
      ({ userId } = answer);
      if (answer.kind === 'built')
        outcome = await this.handOver(() => transport.sendBuilt!(answer.built, mayStart));
      else if (answer.kind === 'missing')
        outcome = await this.handOver(async () => missingAttachment(answer.entry));
      else {
        outcome = await this.handOver(async () => ({ kind: 'temporary', response: answer.error }));
        log.error({ err: { message: answer.error, stack: answer.stack } }, 'composing a message failed');
      }
    } else {
      try {
        const context = await this.contexts.get(message.campaign_id);
        userId = context.campaign.user_id;
        const mail = await composeMessage(context, message, this.options.now());
        outcome = await this.handOver(() => transport.send(mail, mayStart));
      } catch (error) {
        const failure: SendOutcome =
          error instanceof MissingAttachmentError
            ? missingAttachment(error.entry)
            : { kind: 'temporary', response: error instanceof Error ? error.message : String(error) };
        outcome = await this.handOver(async () => failure);
        if (!(error instanceof MissingAttachmentError))
          log.error({ err: error }, 'composing a message failed');
      }
    }
    if (outcome.kind === 'not_started') {
      // Never reached the relay: it goes back to the queue, for whichever dispatcher claims it next.
      this.settle(1);
      this.releaseLater(message);
      return;
    }
    this.results.add({
      id: message.id,
      email: message.email,
      campaignId: message.campaign_id,
      userId,
      attempts: message.attempts,
      generation: message.claim_generation,
      outcome,
    });
  }

  /** Counts the message unsettled (waiting while too many are) before its outcome is made. */
  private async handOver<T>(make: () => Promise<T>): Promise<T> {
    await this.unsettledSlot();
    return make();
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
