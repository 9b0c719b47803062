import type { Db } from '../../db/schema.ts';
import { removeStoredUpload } from './upload-storage.ts';
import { deleteUploadRows, findCampaignUploads, findUnusedUploadsBefore } from './uploads.repository.ts';

/**
 * Files are removed after their rows, so a crash in between leaves an orphan folder (harmless,
 * invisible) rather than a row pointing at nothing.
 */
async function removeAll(
  db: Db,
  dataDir: string,
  rows: { id: string; storage_path: string }[],
): Promise<number> {
  await deleteUploadRows(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) await removeStoredUpload(dataDir, row.storage_path);
  return rows.length;
}

/** Uploads that no campaign took up within `ttlMs` (a wizard abandoned halfway). */
export async function removeUnusedUploads(
  db: Db,
  dataDir: string,
  ttlMs: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlMs).toISOString();
  return removeAll(db, dataDir, await findUnusedUploadsBefore(db, cutoff));
}

/** Called by the sending engine when a campaign ends (completed or cancelled). */
export async function releaseCampaignUploads(db: Db, dataDir: string, campaignId: string): Promise<number> {
  return removeAll(db, dataDir, await findCampaignUploads(db, campaignId));
}
