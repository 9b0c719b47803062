/**
 * How one process shares its delivery slots. Every delivery holds a slot until it ends, at most
 * the whole-request deadline (`WEBHOOK_TIMEOUT_SECONDS`), and a slot cannot be taken back, so
 * fairness is decided when slots are given out:
 * - at most `perEndpoint` in flight for any one endpoint;
 * - users take turns (round-robin), those with nothing in flight first;
 * - a user who already has a delivery in flight may take another slot only while `reserve`
 *   slots stay free afterwards. Those last slots go only to users with nothing in flight, so
 *   one user's slow endpoints, however many, leave room for everybody else's next event.
 */
export const SLOT_LIMITS = { concurrency: 16, perEndpoint: 2, reserve: 4 };

export type SlotLimits = typeof SLOT_LIMITS;

/** Deliveries in flight in this process, counted per user and per endpoint. */
export class Slots {
  readonly perUser = new Map<string, number>();
  readonly perEndpoint = new Map<string, number>();
  total = 0;

  take(user: string, endpoint: string) {
    this.total += 1;
    this.perUser.set(user, (this.perUser.get(user) ?? 0) + 1);
    this.perEndpoint.set(endpoint, (this.perEndpoint.get(endpoint) ?? 0) + 1);
  }

  release(user: string, endpoint: string) {
    this.total -= 1;
    for (const [counts, key] of [
      [this.perUser, user],
      [this.perEndpoint, endpoint],
    ] as const) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    }
  }

  /** Endpoints that may not get another delivery now. */
  fullEndpoints(limits: SlotLimits): string[] {
    return [...this.perEndpoint].filter(([, count]) => count >= limits.perEndpoint).map(([id]) => id);
  }
}

type Candidate = { user_id: string; endpoint_id: string };

/**
 * Which of the due `candidates` (in due order) to start now, in the order to start them. Pure:
 * `slots` is read, not changed.
 */
export function pickFair<T extends Candidate>(candidates: T[], slots: Slots, limits: SlotLimits): T[] {
  const queues = new Map<string, T[]>();
  for (const candidate of candidates) {
    const queue = queues.get(candidate.user_id);
    if (queue) queue.push(candidate);
    else queues.set(candidate.user_id, [candidate]);
  }
  const perUser = new Map(slots.perUser);
  const perEndpoint = new Map(slots.perEndpoint);
  let total = slots.total;
  // A stable sort: among users with as many in flight, the one whose delivery is due first.
  const users = [...queues.keys()].sort((a, b) => (perUser.get(a) ?? 0) - (perUser.get(b) ?? 0));
  const picked: T[] = [];
  for (let progress = true; progress && total < limits.concurrency;) {
    progress = false;
    for (const user of users) {
      if (total >= limits.concurrency) break;
      const holding = perUser.get(user) ?? 0;
      if (holding > 0 && limits.concurrency - total - 1 < limits.reserve) continue;
      const queue = queues.get(user)!;
      const index = queue.findIndex((c) => (perEndpoint.get(c.endpoint_id) ?? 0) < limits.perEndpoint);
      if (index < 0) continue;
      const [next] = queue.splice(index, 1) as [T];
      picked.push(next);
      perUser.set(user, holding + 1);
      perEndpoint.set(next.endpoint_id, (perEndpoint.get(next.endpoint_id) ?? 0) + 1);
      total += 1;
      progress = true;
    }
  }
  return picked;
}
