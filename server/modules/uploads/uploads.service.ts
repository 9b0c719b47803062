import type { Readable } from 'node:stream';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { errorCodes } from '../../../contract/errors.contract.ts';
import type { UploadKind } from '../../../contract/uploads.contract.ts';
import type { UploadLimits } from '../../config.ts';
import type { Db, UploadRow } from '../../db/schema.ts';
import { HttpError, validationFailed } from '../../lib/http-error.ts';
import {
  cleanContentType,
  cleanFileName,
  isExecutableName,
  looksLikeZip,
  sniffImageType,
} from './file-checks.ts';
import { entriesPath, originalPath, readHead, removeStoredUpload, writeOriginal } from './upload-storage.ts';
import { insertUpload } from './uploads.repository.ts';
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

/** What a stored file turned out to be: its real type, and for zips, the files inside. */
async function inspect(
  kind: UploadKind,
  dataDir: string,
  storagePath: string,
  file: IncomingFile,
  limits: UploadLimits,
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
          maxUnpackedBytes: limits.zipMaxUnpackedBytes,
        },
      );
      return { contentType: 'application/zip', entries };
    } catch (error) {
      if (error instanceof ZipRefused) throw refused(zipProblemKeys[error.problem]);
      throw error;
    }
  }
  return { contentType: cleanContentType(file.mimeType), entries: [] };
}

/**
 * Stores one uploaded file for its owner. It is written to disk first (never held whole in
 * memory), then checked for what it really is; anything refused leaves no file and no row behind.
 */
export async function storeUpload(
  deps: { db: Db; dataDir: string; limits: UploadLimits },
  input: { ownerId: string; kind: UploadKind; file: IncomingFile; now?: Date },
): Promise<UploadRow> {
  const { db, dataDir, limits } = deps;
  const { kind, file } = input;
  const fileName = cleanFileName(file.fileName);
  if (kind === 'attachment' && isExecutableName(fileName)) {
    file.stream.resume();
    throw refused(validationKeys.fileType);
  }
  const id = crypto.randomUUID();
  const storagePath = id;
  try {
    const { size, sha256 } = await writeOriginal(dataDir, storagePath, file.stream);
    if (file.stream.truncated) throw fileTooLarge(limits.maxBytes[kind]);
    if (size === 0) throw refused(validationKeys.fileRequired);
    const { contentType, entries } = await inspect(kind, dataDir, storagePath, file, limits);
    return await insertUpload(db, {
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
    });
  } catch (error) {
    await removeStoredUpload(dataDir, storagePath);
    // @fastify/multipart throws its own 413 when the stream passes the per-kind size limit.
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileTooLarge(limits.maxBytes[kind]);
    }
    throw error;
  }
}
