import { generateKeyPair, randomBytes } from 'node:crypto';

/** A fresh 2048-bit RSA key for one domain (the size every receiver accepts). */
export function generateDkimKey(): Promise<{ privateKey: string; publicKey: string }> {
  return new Promise((resolve, reject) =>
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKey, privateKey) =>
        error ? reject(error) : resolve({ privateKey, publicKey: Buffer.from(publicKey).toString('base64') }),
    ),
  );
}

/** Selectors name the key; a random suffix lets a domain rotate keys without clashing. */
export const newSelector = () => `elnamer${randomBytes(3).toString('hex')}`;

export const dkimRecordName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const dmarcRecordName = (domain: string) => `_dmarc.${domain}`;
export const DMARC_RECORD = 'v=DMARC1; p=none; adkim=r; aspf=r';

/** Tags of a TXT record (`v=DKIM1; k=rsa; p=...`), whitespace inside values removed as RFC 6376 allows. */
export function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return tags;
}
