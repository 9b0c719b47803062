/** Checks on what a file really is, from its first bytes, not from its name or claimed type. */

const IMAGE_SIGNATURES: ReadonlyArray<{ type: string; matches: (head: Buffer) => boolean }> = [
  {
    type: 'image/png',
    matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: 'image/gif', matches: (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    matches: (h) =>
      h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The image type of a file, or null. SVG is deliberately not an image here: it can carry
 * scripts, and mail clients treat it inconsistently.
 */
export function sniffImageType(head: Buffer): string | null {
  return IMAGE_SIGNATURES.find((signature) => signature.matches(head))?.type ?? null;
}

/** A zip starts with a local file header (or, when empty, the end-of-directory record). */
export function looksLikeZip(head: Buffer): boolean {
  const magic = head.subarray(0, 4).toString('latin1');
  return magic === 'PK\x03\x04' || magic === 'PK\x05\x06';
}

// Which files may reach a recipient at all is decided in ./blocked-files.ts.

/**
 * A file name as the sender's browser sent it, made safe to store and to put in a mail header:
 * no folders, no control characters, no lone surrogates, at most 200 characters.
 */
export function cleanFileName(raw: string): string {
  const base = raw.replaceAll('\\', '/').split('/').pop() ?? '';
  const clean = base
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  return (clean || 'file').slice(0, 200);
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

export function cleanContentType(claimed: string | undefined): string {
  return claimed && MIME_TYPE.test(claimed) ? claimed.toLowerCase() : 'application/octet-stream';
}
