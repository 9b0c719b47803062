/**
 * Submits a second on one bind (the provider's per-bind limit): a token bucket holding 50 ms of
 * sending, so a rate above 1,000 a second still goes out (timers cannot wait less than 1 ms) and
 * a pause never turns into a burst above the limit.
 */
export class SendRate {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.capacity = Math.max(1, Math.ceil(perSecond / 20));
    this.tokens = 1;
    this.last = clock();
  }

  /** Takes one submit's token; false (and how long to wait) when there is none yet. */
  take(): { ok: true } | { ok: false; waitMs: number } {
    const now = this.clock();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, waitMs: Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond)) };
  }
}
