import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordSchema } from '../../contract/password.contract.ts';
import { createJobLimiter, type JobLimiter } from './hash-queue.ts';

/**
 * Passwords are hashed with scrypt (memory-hard, built into Node). The parameters are stored in
 * the hash (`scrypt$N$r$p$salt$hash`) so they can be raised later without breaking old hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

// One limiter per process, not per app: the thread pool it protects is per process too.
let limiter: JobLimiter = createJobLimiter({ concurrency: 2, queue: 32 });
let derivations = 0;

/** Set from PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE when the app starts. */
export function configurePasswordHashing(limits: { concurrency: number; queue: number }): void {
  limiter = createJobLimiter(limits);
}

/** How many hashes were computed so far and how busy the queue is (for tests and diagnostics). */
export function passwordHashingStats() {
  return { derivations, ...limiter.load() };
}

/** Throws HashQueueFull (503) when the queue is full, before any CPU is spent. */
function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return limiter.run(() => {
    derivations++;
    return deriveNow(password, salt, options);
  });
}

function deriveNow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly N=2^15, r=8, so lift it.
  const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: +n, r: +r, p: +p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Made once per process. Verifying against it when no user matches costs the same time as a
// real check, so response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyAgainstDummy(password: string): Promise<false> {
  // A refusal by a full queue must not be remembered as the dummy hash for the process's life.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
  return false;
}

/**
 * A strong random password (about 128 bits) that meets the password rules it will be checked
 * against: about 1 draw in 100 is letters only (no digit, '-' or '_'), so such a draw is redrawn.
 */
export function generatePassword(): string {
  for (;;) {
    const password = randomBytes(16).toString('base64url');
    if (passwordSchema.safeParse(password).success) return password;
  }
}
