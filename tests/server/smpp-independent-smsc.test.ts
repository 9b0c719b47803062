import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SmppClient } from '../../server/channels/sms/smpp-client.ts';
import { arabicText, smppClient, until } from './helpers/smpp.ts';

/**
 * The client against a second SMSC that shares no code with the product: the `smpp` package's
 * own server in another process (helpers/independent-smsc.mjs), reading parts with its decoder.
 */
type Event = { event: string; [field: string]: unknown };

const SCRIPT = path.join(import.meta.dirname, 'helpers', 'independent-smsc.mjs');
let child: ChildProcess | null = null;
let client: SmppClient | null = null;

afterEach(async () => {
  await client?.close(0);
  client = null;
  child?.kill('SIGTERM');
  child = null;
});

async function startSmsc(config: object): Promise<{ url: string; events: Event[] }> {
  const events: Event[] = [];
  const process_ = spawn(process.execPath, [SCRIPT, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = process_;
  let buffered = '';
  process_.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) events.push(JSON.parse(line) as Event);
  });
  await until(
    () => events.some((event) => event.event === 'listening'),
    'the independent SMSC to listen',
    10_000,
  );
  const port = events.find((event) => event.event === 'listening')?.port as number;
  return { url: `smpp://tester:secret@127.0.0.1:${port}`, events };
}

const of = (events: Event[], name: string) => events.filter((event) => event.event === name);

describe('SMPP client against an independent SMSC in another process', () => {
  it('delivers an Arabic message of 150 characters as three UCS-2 parts that join back', async () => {
    const smsc = await startSmsc({});
    const made = smppClient(smsc.url);
    client = made.client;
    const text = arabicText(150);
    const sent = await client.sendText({
      source: 'ElNamer',
      destination: '+966501234567',
      text,
      reference: 200,
    });
    await until(() => of(smsc.events, 'message').length === 1, 'the joined message');
    const [message] = of(smsc.events, 'message');
    expect(message).toMatchObject({
      destination: '966501234567',
      dataCoding: 8,
      parts: 3,
      text,
      ids: sent.messageIds,
    });
    expect(of(smsc.events, 'submit').every((submit) => submit.dataCoding === 8)).toBe(true);
    await until(() => made.receipts.size === 3, 'three receipts');
  });

  it('reads DELIVRD, UNDELIV and EXPIRED text receipts for the right message ids', async () => {
    const smsc = await startSmsc({ receipts: { '966500000002': 'UNDELIV', '966500000003': 'EXPIRED' } });
    const made = smppClient(smsc.url);
    client = made.client;
    const sent = await Promise.all(
      ['+966500000001', '+966500000002', '+966500000003'].map((destination) =>
        made.client.sendText({ source: 'ElNamer', destination, text: 'Total: 5€', reference: 0 }),
      ),
    );
    await until(() => made.receipts.size === 3, 'three receipts');
    expect(sent.map((result) => made.receipts.get(result.messageIds[0] ?? '')?.status)).toEqual([
      'delivered',
      'undelivered',
      'expired',
    ]);
    expect(made.receipts.get(sent[1]?.messageIds[0] ?? '')?.errorCode).toBe('069');
    expect(of(smsc.events, 'message').map((message) => message.text)).toEqual([
      'Total: 5€',
      'Total: 5€',
      'Total: 5€',
    ]);
  });

  it('waits through ESME_RTHROTTLED without failing', async () => {
    const smsc = await startSmsc({ throttle: { '966500000009': 2 } });
    client = smppClient(smsc.url).client;
    const sent = await client.sendText({
      source: 'ElNamer',
      destination: '+966500000009',
      text: 'slow',
      reference: 0,
    });
    expect(sent.messageIds).toHaveLength(1);
    expect(client.counts.slowedDown).toBe(2);
    expect(of(smsc.events, 'submit')).toHaveLength(1);
  });

  it('binds again after the SMSC drops the connection, losing nothing and sending nothing twice', async () => {
    const smsc = await startSmsc({ dropAfter: 5 });
    const made = smppClient(smsc.url, { window: 4 }).client;
    client = made;
    const texts = Array.from({ length: 15 }, (_, i) => `number ${i}`);
    const sent = await Promise.all(
      texts.map((text, i) =>
        made.sendText({
          source: 'ElNamer',
          destination: `+96650000010${String(i).padStart(2, '0')}`,
          text,
          reference: 0,
        }),
      ),
    );
    expect(made.counts.binds).toBe(2);
    // The SMSC prints each submit on its stdout, which may reach us after its answer on the socket.
    await until(() => of(smsc.events, 'submit').length >= texts.length, 'every submit printed');
    const submits = of(smsc.events, 'submit');
    expect(submits.map((submit) => submit.text).sort()).toEqual([...texts].sort());
    expect(submits.map((submit) => submit.id).sort()).toEqual(
      sent.flatMap((result) => result.messageIds).sort(),
    );
  });
});
