import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

// Random bytes drawn 256 ids at a time: one call into the system's generator per id was a tenth
// of an import's time (crypto.randomUUID pools the same way).
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let pooled = 0;

function random16(): Buffer {
  if (pooled === 0) {
    pool = randomBytes(16 * POOL_IDS);
    pooled = POOL_IDS;
  }
  pooled -= 1;
  return Buffer.from(pool.subarray(pooled * 16, pooled * 16 + 16));
}

/**
 * A UUIDv7 (RFC 9562): the millisecond time first, then a counter, then random bits. Ids made
 * one after another sort in that order, so rows inserted in the same millisecond (a whole import
 * chunk) still page and export in the order of the user's file when ordered by (created_at, id).
 */
export function uuid7(now = Date.now()): string {
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next millisecond rather than repeat an order.
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const bytes = random16();
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
