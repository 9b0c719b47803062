import type { Upload } from '../../../contract/uploads.contract.ts';
import { MAX_LISTED_ENTRY_NAMES } from '../../../contract/uploads.contract.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db, UploadRow } from '../../db/schema.ts';
import type { ZipEntryFile } from './zip-extract.ts';

/**
 * An upload attached to a recharge order as its bank-transfer receipt (issue 19) belongs to the
 * order from then on: neither the sweep of unused uploads nor a campaign's end removes it, and it
 * no longer counts against the quota of uploads waiting for a campaign.
 */
const notAReceipt = (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('payment_orders')
        .select('payment_orders.id')
        .whereRef('payment_orders.receipt_upload_id', '=', 'uploads.id'),
    ),
  );

/** Whether an order keeps this upload as its receipt (then its owner cannot delete it). */
export async function isOrderReceipt(db: Db, uploadId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_orders')
    .select('id')
    .where('receipt_upload_id', '=', uploadId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUpload(db: Db, row: UploadRow): Promise<UploadRow> {
  return db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
}

/** One upload of its owner; another owner's id is simply not found. */
export async function findUpload(db: Db, ownerId: string, id: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** The owner's uploads among `ids` (missing or foreign ids are left out: the caller compares). */
export async function findUploads(db: Db, ownerId: string, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Ties uploads to the campaign that sends them, so cleanup keeps them until it ends. */
export async function markUploadsUsed(db: Db, ids: readonly string[], campaignId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('uploads')
    .set({ campaign_id: campaignId })
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteUploadRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('uploads')
    .where('id', 'in', [...ids])
    .execute();
}

export async function findUnusedUploadsBefore(db: Db, cutoff: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('campaign_id', 'is', null)
    .where('created_at', '<', cutoff)
    .where(notAReceipt)
    .execute();
}

export async function findCampaignUploads(db: Db, campaignId: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where(notAReceipt)
    .execute();
}

/** Bytes the owner's uploads that no campaign took up hold on disk: what the quota counts. */
export async function unusedBytesOf(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), eb.lit(0)).as('total'))
    .where('owner_id', '=', ownerId)
    .where('campaign_id', 'is', null)
    .where(notAReceipt)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function entriesOf(row: Pick<UploadRow, 'entries'>): ZipEntryFile[] {
  return JSON.parse(row.entries) as ZipEntryFile[];
}

/** The API shape: never the storage path or the hash. */
export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size,
    entries_count: row.entries_count,
    entry_names: entriesOf(row)
      .slice(0, MAX_LISTED_ENTRY_NAMES)
      .map((entry) => entry.name),
    campaign_id: row.campaign_id,
    created_at: row.created_at,
  };
}
