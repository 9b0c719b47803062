import type Mail from 'nodemailer/lib/mailer';
import MimeNode from 'nodemailer/lib/mime-node';
import type { UploadRow } from '../db/schema.ts';
import { isBlockedFile } from '../modules/uploads/blocked-files.ts';
import { readUploadFile, readZipEntry } from '../modules/uploads/upload-storage.ts';

/**
 * A campaign's files, read from disk and base64-encoded once per campaign: each becomes a finished
 * MIME part (headers + encoded body) that nodemailer copies into every message as it is, instead
 * of encoding the same megabytes again for each of 100k recipients.
 */

/** The Content-ID the embedded image is referenced by (`<img src="cid:...">`). */
export const EMBEDDED_IMAGE_CID = 'embedded-image@el-namer';

// Per-recipient files are usually one per recipient, so the cache mostly saves repeats (a shared
// brochure); the byte cap keeps memory flat whatever the campaign's size.
const ZIP_CACHE_MAX_BYTES = 32 * 1024 * 1024;

type Part = { attachment: Mail.Attachment; bytes: number };

export class MissingAttachmentError extends Error {
  override name = 'MissingAttachmentError';
  constructor(readonly entry: string) {
    super(`per-recipient attachment not found: ${entry}`);
  }
}

/** Builds a leaf part once; `raw` makes nodemailer use it verbatim. */
async function encodedPart(
  content: Buffer,
  filename: string,
  contentType: string,
  cid?: string,
): Promise<Part> {
  // A child of a throw-away parent: only root nodes get Date/Message-ID/MIME-Version headers.
  const node = new MimeNode('multipart/mixed').createChild(contentType, { filename });
  node.setHeader('Content-Transfer-Encoding', 'base64');
  if (cid) {
    node.setHeader('Content-Id', `<${cid}>`);
    node.setHeader('Content-Disposition', 'inline');
  } else {
    node.setHeader('Content-Disposition', 'attachment');
  }
  node.setContent(content);
  // A Buffer, so the fast path hands the same bytes to every message's socket write (mime-writer.ts).
  const raw = await node.build();
  return {
    attachment: { raw, filename, contentType, ...(cid ? { cid } : {}) },
    bytes: raw.length,
  };
}

export class CampaignFiles {
  private readonly zipCache = new Map<string, Part | null>();
  private zipCacheBytes = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly zips: UploadRow[],
    /** The general attachment and the inline image, shared by every message. */
    readonly fixed: Mail.Attachment[],
    readonly hasImage: boolean,
  ) {}

  static async load(
    dataDir: string,
    uploads: UploadRow[],
    refs: { zips: string[]; attachment: string | null; image: string | null },
  ): Promise<CampaignFiles> {
    const byId = new Map(uploads.map((upload) => [upload.id, upload]));
    const fixed: Mail.Attachment[] = [];
    const general = refs.attachment ? byId.get(refs.attachment) : undefined;
    // Checked at upload; checked again here for uploads stored before the rule was this strict.
    const content = general ? await readUploadFile(dataDir, general) : null;
    if (general && content && !isBlockedFile(general.file_name, content)) {
      fixed.push((await encodedPart(content, general.file_name, general.content_type)).attachment);
    }
    const image = refs.image ? byId.get(refs.image) : undefined;
    if (image) {
      const content = await readUploadFile(dataDir, image);
      fixed.push(
        (await encodedPart(content, image.file_name, image.content_type, EMBEDDED_IMAGE_CID)).attachment,
      );
    }
    const zips = refs.zips.map((id) => byId.get(id)).filter((row): row is UploadRow => Boolean(row));
    return new CampaignFiles(dataDir, zips, fixed, Boolean(image));
  }

  /** The recipient's own file from the campaign's zips, or null when no zip has it. */
  async recipientFile(entryName: string): Promise<Mail.Attachment | null> {
    const key = entryName.trim();
    const cached = this.zipCache.get(key);
    if (cached !== undefined) return cached?.attachment ?? null;
    let part: Part | null = null;
    for (const zip of this.zips) {
      const entry = await readZipEntry(this.dataDir, zip, entryName);
      // A refused file never goes out: the recipient is treated as having no file.
      if (entry && !isBlockedFile(entry.name, entry.content)) {
        part = await encodedPart(entry.content, entry.name, contentTypeOf(entry.name));
        break;
      }
    }
    if (!part || this.zipCacheBytes + part.bytes <= ZIP_CACHE_MAX_BYTES) {
      this.zipCache.set(key, part);
      this.zipCacheBytes += part?.bytes ?? 0;
    }
    return part?.attachment ?? null;
  }
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[extension] ?? 'application/octet-stream';
}
