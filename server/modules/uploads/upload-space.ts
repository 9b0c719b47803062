import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { errorCodes, validationKeys } from '../../../contract/errors.contract.ts';
import type { UploadLimits } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { unusedBytesOf } from './uploads.repository.ts';

/**
 * Room for uploads: a user's unused uploads may hold `quotaBytes` on disk (a campaign that takes
 * them up frees the quota; the cleanup removes the rest after a day), and no upload is taken
 * while the data disk has less than `minFreeBytes` free, so uploads can never fill the disk the
 * database and the mail queue live on.
 */

/** Free bytes for an unprivileged writer on the disk holding `dir`; injected in tests. */
export type FreeDiskBytes = (dir: string) => Promise<number>;

export const freeDiskBytes: FreeDiskBytes = async (dir) => {
  // The folder may not exist yet (no upload so far): the disk is the nearest existing parent's.
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(at);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
};

const MB = 1024 * 1024;
const toMb = (bytes: number) => Math.floor(bytes / MB);

export const quotaExceeded = (limits: Pick<UploadLimits, 'quotaBytes'>, usedBytes: number) =>
  new HttpError(
    413,
    errorCodes.payloadTooLarge,
    'Your unused uploads have reached their storage quota',
    { file: validationKeys.uploadQuota },
    undefined,
    { quota_mb: toMb(limits.quotaBytes), used_mb: toMb(usedBytes) },
  );

export const diskFull = () =>
  new HttpError(
    507,
    errorCodes.unavailable,
    'The server is low on disk space; uploads are paused',
    { file: validationKeys.diskFull },
    { 'retry-after': '600' },
  );

export type UploadBudget = {
  /** Bytes this upload may still add under the owner's quota. */
  quotaLeft: number;
  /** Bytes this upload may write before the disk falls under its floor. */
  diskLeft: number;
  usedBytes: number;
};

/** What one more upload may take; refused at once when either room is already gone. */
export async function uploadBudget(
  deps: { db: Db; dataDir: string; limits: UploadLimits; freeDisk: FreeDiskBytes },
  ownerId: string,
): Promise<UploadBudget> {
  const { limits } = deps;
  const free = await deps.freeDisk(deps.dataDir);
  const diskLeft = free - limits.minFreeBytes;
  if (diskLeft <= 0) throw diskFull();
  const usedBytes = await unusedBytesOf(deps.db, ownerId);
  const quotaLeft = limits.quotaBytes - usedBytes;
  if (quotaLeft <= 0) throw quotaExceeded(limits, usedBytes);
  return { quotaLeft, diskLeft, usedBytes };
}
