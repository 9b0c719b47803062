import type { FastifyReply } from 'fastify';

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16)}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a file to save (exports, captured attachments). Downloads are bytes a browser must never
 * render as our page: no sniffing, no scripts.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { body: Buffer | string; type: string; fileName: string },
) {
  return reply
    .header('content-disposition', contentDisposition(file.fileName))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .type(file.type)
    .send(file.body);
}
