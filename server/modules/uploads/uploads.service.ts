import type { Readable } from 'node:stream';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { errorCodes } from '../../../contract/errors.contract.ts';
import type { UploadKind } from '../../../contract/uploads.contract.ts';
import type { UploadLimits } from '../../config.ts';
import type { Db, UploadRow } from '../../db/schema.ts';
import { HttpError, validationFailed } from '../../lib/http-error.ts';
import path from 'node:path';
import {
  blockedContentKind,
  blockedNameInZip,
  CONTENT_HEAD_BYTES,
  isBlockedName,
  isZipName,
} from './blocked-files.ts';
import { cleanContentType, cleanFileName, looksLikeZip, sniffImageType } from './file-checks.ts';
import { quotaExceeded, diskFull, type UploadBudget } from './upload-space.ts';
import { entriesPath, originalPath, readHead, removeStoredUpload, writeOriginal } from './upload-storage.ts';
import { deleteUploadRows, insertUpload, unusedBytesOf } from './uploads.repository.ts';
import { extractZip, ZipRefused, type ZipEntryFile, type ZipProblem } from './zip-extract.ts';

export type IncomingFile = {
  fileName: string;
  mimeType: string | undefined;
  stream: Readable & { truncated?: boolean };
};

const zipProblemKeys: Record<ZipProblem, string> = {
  tooManyEntries: validationKeys.zipTooManyEntries,
  tooLarge: validationKeys.zipTooLarge,
  unsafePath: validationKeys.zipUnsafePath,
  invalid: validationKeys.zipInvalid,
  empty: validationKeys.zipEmpty,
};

export const fileTooLarge = (limit: number) =>
  new HttpError(413, errorCodes.payloadTooLarge, `The file is larger than ${limit} bytes`, {
    file: validationKeys.fileTooLarge,
  });
const refused = (key: string) => validationFailed({ file: key });
const blockedInZip = (name: string) =>
  new HttpError(
    400,
    errorCodes.validation,
    'The zip holds a file that cannot be sent',
    { file: validationKeys.zipBlockedFile },
    undefined,
    { file: name },
  );

/**
 * The rule of ./blocked-files.ts for a file bound for recipients: its name, its first bytes, and
 * when it is a zip, the names inside it. Answers the refused name (the file's own, or an entry's).
 */
async function blockedIn(fileName: string, filePath: string): Promise<string | null> {
  if (isBlockedName(fileName)) return fileName;
  if (blockedContentKind(await readHead(filePath, CONTENT_HEAD_BYTES))) return fileName;
  if (isZipName(fileName)) {
    const inner = await blockedNameInZip(filePath);
    if (inner) return `${fileName}/${inner}`;
  }
  return null;
}

/** Every file a zip unpacked to must pass the rule; the first that fails names the refusal. */
async function assertZipEntriesAllowed(folder: string, entries: ZipEntryFile[]): Promise<void> {
  for (const entry of entries) {
    const blocked = await blockedIn(entry.name, path.join(folder, entry.file));
    if (blocked) throw blockedInZip(blocked);
  }
}

/** What a stored file turned out to be: its real type, and for zips, the files inside. */
async function inspect(
  kind: UploadKind,
  dataDir: string,
  storagePath: string,
  file: IncomingFile,
  limits: UploadLimits,
  maxUnpackedBytes: number,
): Promise<{ contentType: string; entries: ZipEntryFile[] }> {
  const head = await readHead(originalPath(dataDir, storagePath));
  if (kind === 'image') {
    const type = sniffImageType(head);
    if (!type) throw refused(validationKeys.imageType);
    return { contentType: type, entries: [] };
  }
  if (kind === 'zip') {
    if (!looksLikeZip(head)) throw refused(validationKeys.zipInvalid);
    try {
      const entries = await extractZip(
        originalPath(dataDir, storagePath),
        entriesPath(dataDir, storagePath),
        {
          maxEntries: limits.zipMaxEntries,
          maxUnpackedBytes,
        },
      );
      await assertZipEntriesAllowed(entriesPath(dataDir, storagePath), entries);
      return { contentType: 'application/zip', entries };
    } catch (error) {
      if (error instanceof ZipRefused) throw refused(zipProblemKeys[error.problem]);
      throw error;
    }
  }
  const blocked = await blockedIn(file.fileName, originalPath(dataDir, storagePath));
  // A zip sent as the attachment names the refused file inside it, as a per-recipient zip does.
  if (blocked) throw blocked === file.fileName ? refused(validationKeys.fileType) : blockedInZip(blocked);
  return { contentType: cleanContentType(file.mimeType), entries: [] };
}

/**
 * Stores one uploaded file for its owner. It is written to disk first (never held whole in
 * memory), then checked for what it really is; anything refused leaves no file and no row behind.
 */
export async function storeUpload(
  deps: { db: Db; dataDir: string; limits: UploadLimits },
  input: { ownerId: string; kind: UploadKind; file: IncomingFile; budget: UploadBudget; now?: Date },
): Promise<UploadRow> {
  const { db, dataDir, limits } = deps;
  const { kind, file, budget } = input;
  const fileName = cleanFileName(file.fileName);
  // The name as sent, before cleaning: "evil.exe\u0000" must not pass as "evil.exe" did.
  if (kind === 'attachment' && (isBlockedName(fileName) || isBlockedName(file.fileName))) {
    file.stream.resume();
    throw refused(validationKeys.fileType);
  }
  // The stream was cut at the smallest of the three limits; the refusal names the one that bit.
  const streamLimit = uploadStreamLimit(limits, kind, budget);
  const overLimit = () => {
    if (streamLimit === limits.maxBytes[kind]) return fileTooLarge(limits.maxBytes[kind]);
    if (streamLimit === budget.quotaLeft) return quotaExceeded(limits, budget.usedBytes + budget.quotaLeft);
    return diskFull();
  };
  const id = crypto.randomUUID();
  const storagePath = id;
  try {
    const { size, sha256 } = await writeOriginal(dataDir, storagePath, file.stream);
    if (file.stream.truncated) throw overLimit();
    if (size === 0) throw refused(validationKeys.fileRequired);
    // Unpacked entries count against the quota and the disk too.
    const room = Math.min(budget.quotaLeft, budget.diskLeft) - size;
    const maxUnpacked = Math.max(0, Math.min(limits.zipMaxUnpackedBytes, room));
    let inspected: { contentType: string; entries: ZipEntryFile[] };
    try {
      inspected = await inspect(kind, dataDir, storagePath, file, limits, maxUnpacked);
    } catch (error) {
      if (isUnpackedTooLarge(error) && maxUnpacked < limits.zipMaxUnpackedBytes) {
        throw budget.quotaLeft <= budget.diskLeft
          ? quotaExceeded(limits, budget.usedBytes + budget.quotaLeft)
          : diskFull();
      }
      throw error;
    }
    const { contentType, entries } = inspected;
    const storedBytes = size + entries.reduce((sum, entry) => sum + entry.size, 0);
    const row = await insertUpload(db, {
      id,
      owner_id: input.ownerId,
      kind,
      file_name: fileName,
      content_type: contentType,
      size,
      sha256,
      storage_path: storagePath,
      entries: JSON.stringify(entries),
      entries_count: entries.length,
      campaign_id: null,
      created_at: (input.now ?? new Date()).toISOString(),
      stored_bytes: storedBytes,
    });
    // Counted again with the row in: parallel uploads each saw the quota before the others landed.
    const used = await unusedBytesOf(db, input.ownerId);
    if (used > limits.quotaBytes) {
      await deleteUploadRows(db, [row.id]);
      throw quotaExceeded(limits, used - storedBytes);
    }
    return row;
  } catch (error) {
    await removeStoredUpload(dataDir, storagePath);
    // @fastify/multipart throws its own 413 when the stream passes the request's size limit.
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw overLimit();
    }
    throw error;
  }
}

/** The most bytes the file part may carry: its kind's limit, the quota left, the disk left. */
export function uploadStreamLimit(limits: UploadLimits, kind: UploadKind, budget: UploadBudget): number {
  return Math.max(1, Math.min(limits.maxBytes[kind], budget.quotaLeft, budget.diskLeft));
}

const isUnpackedTooLarge = (error: unknown) =>
  error instanceof HttpError && error.fields?.file === validationKeys.zipTooLarge;
