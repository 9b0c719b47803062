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
 * The loop that turns queued message rows into SMTP deliveries. It claims a small group at a time
 * (one write that also marks the group started), hands its messages to the pooled transport
 * (bounded by the pool's size), and collects outcomes that are written back in batches. Claims
 * run ahead of the sends instead of between them: the next groups are claimed while this one
 * takes its pool slots (CLAIM_AHEAD_GROUPS), so the pool never waits for the database (on
 * PostgreSQL a write takes milliseconds, about as long as an SMTP send). A claim takes
 * SEND_BATCH_SIZE messages and a step STEP_GROUPS claims; between steps the dispatcher re-reads
 * which campaigns are sending.
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

/**
 * A claimed (and so started) group of messages and, with compose threads, their builds;
 * `leasedAt` is when its lease was last written, `lost` the messages it must no longer send
 * (renewLeases).
 */
type Group = {
  messages: queue.ClaimedMessage[];
  composed: Promise<Composed[]> | null;
  leasedAt: number;
  lost: Set<string>;
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
    // Groups claimed ahead go back to the queue unsent.
    for (const claim of this.ahead.splice(0)) {
      const group = await claim.catch(() => null);
      if (group) await this.release(group.messages);
    }
    await Promise.all(this.inFlight);
    await this.results.flush();
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
        .then((messages) => ({
          messages,
          composed:
            composer && transport.sendBuilt && messages.length > 0 ? composer.build(messages, now()) : null,
          leasedAt: at.getTime(),
          lost: new Set<string>(),
        })),
    );
  }

  /**
   * Before the rest of a group goes out, renews the leases of its messages still to send and of
   * the groups claimed ahead, if half a lease has passed since they were written (a slow relay or
   * a rate limit kept them waiting for pool slots): a lease that ran out would let the recovery
   * give those rows to another send while this dispatcher still holds them. What a renewal does
   * not keep (rows it lost, or of a campaign paused or cancelled meanwhile) is not sent; rows
   * still its own go back to the queue, never sent.
   */
  private async renewIfOld(current: Group, from: number): Promise<void> {
    const { now, sending } = this.options;
    const at = now();
    if (at.getTime() - current.leasedAt < (sending.leaseSeconds * 1000) / 2) return;
    await this.renew(current, current.messages.slice(from), at);
    for (const pending of this.ahead) {
      const group = await pending;
      await this.renew(group, group.messages, at);
    }
  }

  private async renew(group: Group, messages: queue.ClaimedMessage[], at: Date): Promise<void> {
    const kept = await queue.renewLeases(this.options.db, {
      owner: this.owner,
      ids: messages.map((message) => message.id),
      now: at,
      leaseSeconds: this.options.sending.leaseSeconds,
    });
    group.leasedAt = at.getTime();
    const lost = messages.filter((message) => !kept.has(message.id));
    for (const message of lost) group.lost.add(message.id);
    await this.release(lost);
  }

  private release(messages: queue.ClaimedMessage[]): Promise<void> {
    const ids = messages.map((message) => message.id);
    return queue.releaseMessages(this.options.db, { owner: this.owner, ids, now: this.options.now() });
  }

  /**
   * Up to STEP_GROUPS groups of SEND_BATCH_SIZE messages, doing the periodic lease recovery first;
   * false when there was nothing to claim.
   */
  private async step(): Promise<boolean> {
    const { db } = this.options;
    if (Date.now() - this.lastMaintenance >= MAINTENANCE_EVERY_MS) await this.maintenance();
    const campaignIds = await queue.activeCampaignIds(db);
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
        await this.renewIfOld(group, index);
        if (group.lost.has(message.id)) continue;
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
    await this.complete(campaignIds);
    return false;
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
