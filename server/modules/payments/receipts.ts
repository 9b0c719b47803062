import type { User } from '../../../contract/auth.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { MAX_RECEIPT_BYTES } from '../../../contract/payments.contract.ts';
import type { Db } from '../../db/schema.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { sniffImageType } from '../uploads/file-checks.ts';
import { originalPath, readHead, readUploadFile } from '../uploads/upload-storage.ts';
import * as repo from './payments.repository.ts';
import { visibleOrder } from './payments.service.ts';

/**
 * Bank-transfer receipts (issue 19, manual provider). The payer uploads the file through the
 * uploads API and attaches it to its pending order; administrators read it from the orders
 * screen. An attached upload is kept with the order: the uploads cleanup leaves it alone
 * (uploads.repository.ts `notAReceipt`).
 */

const RECEIPT_IMAGES = new Set(['image/png', 'image/jpeg']);

/** What the stored file really is, judged by its first bytes; null when it is no receipt type. */
async function receiptType(dataDir: string, storagePath: string): Promise<string | null> {
  const head = await readHead(originalPath(dataDir, storagePath), 16);
  const image = sniffImageType(head);
  if (image) return RECEIPT_IMAGES.has(image) ? image : null;
  return head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null;
}

export async function attachReceipt(
  deps: { db: Db; dataDir: string; now: () => Date },
  viewer: User,
  id: string,
  uploadId: string,
) {
  const row = await visibleOrder(deps.db, viewer, id);
  // Only the payer attaches its own proof; an administrator reading the order does not.
  if (row.user_id !== viewer.id) throw notFound('Order');
  if (row.provider !== 'manual') throw validationFailed({ upload_id: validationKeys.invalid });
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['id', 'size', 'storage_path'])
    .where('id', '=', uploadId)
    .where('owner_id', '=', viewer.id)
    .executeTakeFirst();
  if (!upload) throw validationFailed({ upload_id: validationKeys.fileRequired });
  if (Number(upload.size) > MAX_RECEIPT_BYTES)
    throw validationFailed({ upload_id: validationKeys.fileTooLarge });
  if (!(await receiptType(deps.dataDir, upload.storage_path)))
    throw validationFailed({ upload_id: validationKeys.fileType });
  const stamp = deps.now().toISOString();
  const updated = await deps.db
    .updateTable('payment_orders')
    .set({ receipt_upload_id: uploadId, updated_at: stamp })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw conflict({ status: 'validation.orderSettled' }, 'The order is already settled');
  return repo.toOrder({ ...updated, username: row.username });
}

/** The receipt file of an order the viewer may see (its payer, or an administrator). */
export async function readReceipt(deps: { db: Db; dataDir: string }, viewer: User, id: string) {
  const row = await visibleOrder(deps.db, viewer, id);
  if (!row.receipt_upload_id) throw notFound('Receipt');
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['file_name', 'storage_path'])
    .where('id', '=', row.receipt_upload_id)
    .executeTakeFirst();
  if (!upload) throw notFound('Receipt');
  const type = await receiptType(deps.dataDir, upload.storage_path);
  if (!type) throw notFound('Receipt');
  return { body: await readUploadFile(deps.dataDir, upload), type, fileName: upload.file_name };
}
