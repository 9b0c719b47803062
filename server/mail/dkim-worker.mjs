// The RSA part of DKIM signing, off the thread that answers HTTP (see dkim-signers.ts). Plain
// JavaScript so the worker starts the same under tsx, vitest and node. Each request carries the
// message's header lines, its body hash and the key options; the answer is the DKIM-Signature
// header made by nodemailer's own signer, or an error message.
import { createPrivateKey } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import signDkim from 'nodemailer/lib/dkim/sign';

const keys = new Map();

function keyObject(pem) {
  let key = keys.get(pem);
  if (!key) {
    if (keys.size > 1000) keys.clear();
    key = createPrivateKey(pem);
    keys.set(pem, key);
  }
  return key;
}

parentPort.on('message', ({ id, headers, bodyHash, options }) => {
  try {
    const header = signDkim(headers, 'sha256', bodyHash, {
      ...options,
      privateKey: keyObject(options.privateKey),
    });
    parentPort.postMessage(header ? { id, header } : { id, error: 'DKIM signing failed' });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
