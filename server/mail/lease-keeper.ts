import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema.ts';
import * as queue from './queue.repository.ts';

/**
 * The leases of one dispatcher's claimed messages, kept by a timer of their own rather than by the
 * sending loop (issue 31): every quarter of a lease, every row still held (waiting for its turn,
 * in flight, or with its result not yet written) gets a new lease in one conditional write, so a
 * slow relay, a full pool or a long step cannot let a lease run out unnoticed. A message may be
 * handed to the relay only while its lease has a quarter of its length left (`mayStart`): under a
 * load that delays the renewals, messages wait or go back unsent instead of going out on a lease
 * another dispatcher may already be taking back. A renewal that does not keep a row (another
 * dispatcher recovered it) marks it lost: it is never sent by this one.
 *
 * Knows nothing of SMTP: it holds message rows and their claims.
 */
type Held = { ref: queue.ClaimRef; campaignId: string };

export type LeaseKeeperOptions = {
  db: Db;
  owner: string;
  leaseSeconds: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Runs the keeper's writes one at a time with the dispatcher's other writes of held rows. */
  serial: <T>(write: () => Promise<T>) => Promise<T>;
};

/** A renewal that failed (the database was busy or away) is tried again this soon. */
const RETRY_MS = 100;

export class LeaseKeeper {
  private readonly held = new Map<string, Held>();
  /** The lease every held row has at least, as this process's clock reads it (ms). */
  private expiresAt = new Map<string, number>();
  /** Campaigns seen stopped, with when (a count of marks): a read older than that cannot undo it. */
  private readonly stopped = new Map<string, number>();
  private marks = 0;
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private readonly leaseMs: number;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.leaseMs = options.leaseSeconds * 1000;
  }

  /** How long before its lease ends a message may still be handed to the relay. */
  get marginMs(): number {
    return this.leaseMs / 4;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.renew(), this.leaseMs / 4);
    // The keeper never holds the process open by itself: the dispatcher's stop clears it.
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Claimed rows, leased at `leasedAt` (the time taken before the claim was sent). */
  add(messages: readonly queue.ClaimedMessage[], leasedAt: number): void {
    for (const message of messages) {
      this.held.set(message.id, {
        ref: { id: message.id, generation: message.claim_generation },
        campaignId: message.campaign_id,
      });
      this.expiresAt.set(message.id, leasedAt + this.leaseMs);
    }
  }

  /** Rows written back (a result, a release): nothing of theirs is renewed any more. */
  forget(ids: Iterable<string>): void {
    for (const id of ids) {
      this.held.delete(id);
      this.expiresAt.delete(id);
    }
  }

  /** Whether the row is still this claim's (no renewal found it taken back). */
  holds(id: string): boolean {
    return this.held.has(id);
  }

  /**
   * Whether the message may begin its transaction now: still held, its campaign still sending as
   * far as this dispatcher has seen, and a quarter of a lease left. When the lease is short, a
   * renewal is started (the timer is late: the machine is busy) for the messages after it.
   */
  mayStart(id: string): boolean {
    const held = this.held.get(id);
    if (!held || this.stopped.has(held.campaignId)) return false;
    const left = (this.expiresAt.get(id) ?? 0) - this.options.now().getTime();
    if (left < this.leaseMs / 2) void this.renew();
    return left > this.marginMs;
  }

  /** Campaigns seen paused or cancelled: none of their held messages may start. */
  markStopped(campaignIds: Iterable<string>): void {
    for (const id of campaignIds) this.stopped.set(id, ++this.marks);
  }

  /** Taken before reading which campaigns send, and given to `keepOnly` with what was read. */
  readMark(): number {
    return this.marks;
  }

  isStopped(campaignId: string): boolean {
    return this.stopped.has(campaignId);
  }

  /**
   * A campaign seen sending again (resumed) may start messages once more, but only by a read
   * begun after it was seen stopped (`readMark`): an older answer that still said `sending`
   * must not undo a pause seen since.
   */
  keepOnly(sendingCampaignIds: readonly string[], readMark: number): void {
    const sending = new Set(sendingCampaignIds);
    for (const [id, mark] of this.stopped) if (sending.has(id) && mark <= readMark) this.stopped.delete(id);
  }

  /** The campaigns this dispatcher holds rows of. */
  campaignIds(): string[] {
    return [...new Set([...this.held.values()].map((held) => held.campaignId))];
  }

  /**
   * Renews every held row now (one write; one at a time: a renewal asked for while one runs
   * waits for it). Rows it does not keep are forgotten: another dispatcher has them.
   */
  renew(): Promise<void> {
    this.renewing ??= this.renewHeld().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  private async renewHeld(): Promise<void> {
    const { db, owner, leaseSeconds, now, log, serial } = this.options;
    for (;;) {
      if (this.held.size === 0) return;
      try {
        await serial(async () => {
          // Taken inside the serial section: a result written just before is forgotten by then.
          const rows = [...this.held.values()].map((held) => held.ref);
          if (rows.length === 0) return;
          // Measured before the write is sent: the database's lease ends no earlier than this.
          const at = now();
          const kept = await queue.renewLeases(db, { owner, rows, now: at, leaseSeconds });
          const lost = rows.filter((row) => !kept.has(row.id));
          for (const row of rows) {
            if (kept.has(row.id) && this.held.get(row.id)?.ref.generation === row.generation)
              this.expiresAt.set(row.id, at.getTime() + this.leaseMs);
          }
          if (lost.length > 0) {
            this.forget(lost.map((row) => row.id));
            log.warn(
              { lost: lost.length },
              'leases taken back by another dispatcher: those messages are not sent',
            );
          }
        });
        // A pause seen here stops this campaign's held messages even when no results flow.
        this.markStopped(await queue.stoppedCampaigns(db, this.campaignIds()));
        return;
      } catch (error) {
        log.error({ err: error }, 'lease renewal failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        if (!this.timer) return;
      }
    }
  }
}
