import yazl from 'yazl';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real zip made by yazl from name -> content. */
export function makeZip(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * A zip whose entry name escapes its folder. Zip writers refuse to make one, so a safe name of
 * the same length is written and then replaced byte for byte (names are not covered by the CRC).
 */
export async function makeZipSlip(): Promise<Buffer> {
  const zip = await makeZip({ 'ok.txt': 'fine', 'aa/evil.txt': 'escaped' });
  const safe = Buffer.from('aa/evil.txt');
  const hostile = Buffer.from('../evil.txt');
  let at = zip.indexOf(safe);
  while (at !== -1) {
    hostile.copy(zip, at);
    at = zip.indexOf(safe, at + 1);
  }
  return zip;
}

/** 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
