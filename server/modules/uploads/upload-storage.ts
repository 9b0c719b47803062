import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadRow } from '../../db/schema.ts';
import { entriesOf } from './uploads.repository.ts';
import { findZipEntry } from './zip-extract.ts';

/**
 * Where uploads live on disk: DATA_DIR/uploads/<upload id>/original (+ entries/<n> for zips).
 * Everything that touches the files goes through here, the one place to swap for an object store.
 */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'uploads');
const folderOf = (dataDir: string, storagePath: string) => path.join(uploadsRoot(dataDir), storagePath);
export const originalPath = (dataDir: string, storagePath: string) =>
  path.join(folderOf(dataDir, storagePath), 'original');
export const entriesPath = (dataDir: string, storagePath: string) =>
  path.join(folderOf(dataDir, storagePath), 'entries');

/** Writes a stream to the upload's folder, answering its size, sha256 and first bytes. */
export async function writeOriginal(dataDir: string, storagePath: string, stream: Readable) {
  await mkdir(folderOf(dataDir, storagePath), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, measure, createWriteStream(originalPath(dataDir, storagePath)));
  return { size, sha256: hash.digest('hex') };
}

export async function readHead(file: string, bytes = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function removeStoredUpload(dataDir: string, storagePath: string): Promise<void> {
  await rm(folderOf(dataDir, storagePath), { recursive: true, force: true });
}

/** The uploaded file itself (a general attachment or the embedded image). */
export function readUploadFile(dataDir: string, upload: Pick<UploadRow, 'storage_path'>): Promise<Buffer> {
  return readFile(originalPath(dataDir, upload.storage_path));
}

/** The file a recipient's `attachment` value names inside a zip upload, or null. */
export async function readZipEntry(
  dataDir: string,
  upload: Pick<UploadRow, 'storage_path' | 'entries'>,
  entryName: string,
): Promise<{ name: string; content: Buffer } | null> {
  const entry = findZipEntry(entriesOf(upload), entryName);
  if (!entry) return null;
  const content = await readFile(path.join(entriesPath(dataDir, upload.storage_path), entry.file));
  return { name: path.posix.basename(entry.name), content };
}
