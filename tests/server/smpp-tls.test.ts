import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmppClient } from '../../server/channels/sms/smpp-client.ts';
import { startTestSmsc, type TestSmsc } from '../../server/channels/sms/test-smsc.ts';
import { smppClient, until } from './helpers/smpp.ts';

/** smpps://: the client verifies the SMSC's certificate and sends over TLS. */
let dir: string;
let smsc: TestSmsc;
let cert: Buffer;
const clients: SmppClient[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'el-namer-smpps-'));
  const [key, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  // A certificate for 127.0.0.1, made for this run (openssl is on every machine the tests run on).
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    certFile,
  ]);
  cert = await readFile(certFile);
  smsc = await startTestSmsc({ tls: { key: await readFile(key), cert } });
});
afterAll(async () => {
  for (const client of clients) await client.close(0);
  await smsc.close();
  await rm(dir, { recursive: true, force: true });
});

describe('SMPP over TLS', () => {
  it('binds to a trusted SMSC over smpps:// and sends', async () => {
    expect(smsc.url.startsWith('smpps://')).toBe(true);
    const { client, receipts } = smppClient(smsc.url, { tlsCa: cert });
    clients.push(client);
    const sent = await client.sendText({
      source: 'ElNamer',
      destination: '+966501234567',
      text: 'سري',
      reference: 0,
    });
    expect(smsc.messages()[0]).toMatchObject({ text: 'سري', encoding: 'ucs2' });
    await until(() => receipts.has(sent.messageIds[0] ?? ''), 'the receipt over TLS');
  });

  it('refuses to bind to an SMSC whose certificate it cannot verify', async () => {
    const { client } = smppClient(smsc.url);
    clients.push(client);
    await until(() => client.lastError !== null, 'the TLS refusal');
    expect(client.lastError).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
    expect(client.state).not.toBe('bound');
    expect(client.counts.binds).toBe(0);
  });
});
