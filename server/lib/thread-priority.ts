import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority: Linux applies a nice value to one thread when
 * given its thread id, read from /proc/thread-self. Sending threads use it so that, when they and
 * the API want the same core, the API gets it first (docs/sending-engine.md). Elsewhere (no
 * /proc/thread-self) the thread keeps the process's priority. Throws what setPriority throws.
 */
export function lowerThreadPriority(nice: number): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, nice);
}
