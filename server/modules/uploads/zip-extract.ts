import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { entryName } from './zip-names.ts';

export type ZipProblem = 'tooManyEntries' | 'tooLarge' | 'unsafePath' | 'invalid' | 'empty';

/** Why a zip was refused; the route turns it into a translated field error. */
export class ZipRefused extends Error {
  override name = 'ZipRefused';
  constructor(readonly problem: ZipProblem) {
    super(`zip refused: ${problem}`);
  }
}

export interface ZipEntryFile {
  /** The path inside the archive, with forward slashes. */
  name: string;
  size: number;
  /** The extracted file's name inside the upload's `entries/` folder. */
  file: string;
}

export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

// Archivers' bookkeeping, never a recipient's attachment.
const isJunk = (name: string) => name.startsWith('__MACOSX/') || path.posix.basename(name) === '.DS_Store';

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    // strictFileNames off: Windows tools write backslashes, which yauzl turns into slashes before
    // its own check refuses absolute paths and `..` segments (zip-slip).
    yauzl.open(file, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

function problemOf(error: unknown): ZipProblem {
  if (error instanceof ZipRefused) return error.problem;
  const message = error instanceof Error ? error.message : '';
  return /absolute path|relative path|invalid characters in fileName/.test(message)
    ? 'unsafePath'
    : 'invalid';
}

/**
 * Unpacks every file of a zip into `targetDir`, refusing it as a whole when it has too many
 * entries, unpacks to more than the limit (zip bombs, including entries that lie about their
 * size: the bytes are counted as they inflate), or names a path outside its folder. Entries are
 * stored under their index, never under their own names, so a hostile name can never choose
 * where a file lands.
 */
export async function extractZip(
  zipPath: string,
  targetDir: string,
  limits: ZipLimits,
): Promise<ZipEntryFile[]> {
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch (error) {
    throw new ZipRefused(problemOf(error));
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefused('tooManyEntries');
    await mkdir(targetDir, { recursive: true });
    const entries = await readAll(zip, targetDir, limits);
    if (entries.length === 0) throw new ZipRefused('empty');
    return entries;
  } catch (error) {
    throw new ZipRefused(problemOf(error));
  } finally {
    zip.close();
  }
}

function readAll(zip: ZipFile, targetDir: string, limits: ZipLimits): Promise<ZipEntryFile[]> {
  const entries: ZipEntryFile[] = [];
  let unpacked = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.removeAllListeners('entry');
      reject(error);
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      // Names without the UTF-8 flag may be Arabic in a legacy code page (zip-names.ts).
      let name: string;
      try {
        name = entryName(entry);
      } catch (error) {
        return fail(error);
      }
      if (name.endsWith('/') || isJunk(name)) return zip.readEntry();
      // Declared sizes can lie; this early refusal is only a shortcut, the counting below decides.
      if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes)
        return fail(new ZipRefused('tooLarge'));
      const file = String(entries.length);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          unpacked += chunk.length;
          done(unpacked > limits.maxUnpackedBytes ? new ZipRefused('tooLarge') : null, chunk);
        },
      });
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ?? new ZipRefused('invalid'));
        pipeline(stream, counter, createWriteStream(path.join(targetDir, file)))
          .then(() => {
            entries.push({ name, size: entry.uncompressedSize, file });
            zip.readEntry();
          })
          .catch(fail);
      });
    });
    zip.readEntry();
  });
}

/**
 * The entry a recipient's `attachment` value names: the exact path first, else a file of that
 * name anywhere in the archive, ignoring case (people type "Invoice-7.PDF" for invoice-7.pdf).
 */
export function findZipEntry<E extends Pick<ZipEntryFile, 'name'>>(
  entries: readonly E[],
  wanted: string,
): E | undefined {
  const target = wanted.trim().replaceAll('\\', '/');
  if (!target) return undefined;
  const exact = entries.find((entry) => entry.name === target);
  if (exact) return exact;
  const base = path.posix.basename(target).toLowerCase();
  return entries.find((entry) => path.posix.basename(entry.name).toLowerCase() === base);
}
