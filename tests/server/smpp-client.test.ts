import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmppSubmitError, type SmppClient } from '../../server/channels/sms/smpp-client.ts';
import { startTestSmsc, type TestSmsc } from '../../server/channels/sms/test-smsc.ts';
import { SMPP_STATUS } from '../../server/channels/sms/smpp-status.ts';
import { arabicText, smppClient, until } from './helpers/smpp.ts';

let smsc: TestSmsc;
const clients: SmppClient[] = [];

beforeEach(async () => {
  smsc = await startTestSmsc();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close(0);
  await smsc.close();
});

function connect(overrides: Parameters<typeof smppClient>[1] = {}) {
  const made = smppClient(smsc.url, overrides);
  clients.push(made.client);
  return made;
}

describe('SMPP client and the built-in SMSC', () => {
  it('sends an Arabic message of 150 characters as three UCS-2 parts that join back', async () => {
    const { client, receipts } = connect();
    const text = arabicText(150);
    const sent = await client.sendText({
      source: 'ElNamer',
      destination: '+966501234567',
      text,
      reference: 17,
    });
    expect(sent.analysis).toMatchObject({ encoding: 'ucs2', parts: 3 });
    expect(new Set(sent.messageIds).size).toBe(3);

    const [message] = smsc.messages();
    expect(message).toMatchObject({
      destination: '+966501234567',
      source: 'ElNamer',
      encoding: 'ucs2',
      complete: true,
    });
    expect(message?.parts.map((part) => part.index)).toEqual([1, 2, 3]);
    expect(message?.text).toBe(text);
    await until(() => receipts.size === 3, 'three receipts');
    for (const id of sent.messageIds) expect(receipts.get(id)?.status).toBe('delivered');
  });

  it('sends a GSM message with € in one part, counting it as two septets', async () => {
    const { client } = connect();
    const sent = await client.sendText({
      source: 'ElNamer',
      destination: '+201012345678',
      text: 'Total: 20€',
      reference: 1,
    });
    expect(sent.analysis).toMatchObject({ encoding: 'gsm7', units: 11, parts: 1 });
    expect(smsc.messages()[0]).toMatchObject({ text: 'Total: 20€', encoding: 'gsm7', complete: true });
  });

  it('reads DELIVRD, UNDELIV and EXPIRED receipts for the right message ids', async () => {
    smsc.setRule('+966500000002', { receipt: 'undelivered', errorCode: '034' });
    smsc.setRule('+966500000003', { receipt: 'expired' });
    const { client, receipts } = connect();
    const ids = await Promise.all(
      ['+966500000001', '+966500000002', '+966500000003'].map((destination, i) =>
        client.sendText({ source: 'ElNamer', destination, text: `hello ${i}`, reference: i }),
      ),
    );
    await until(() => receipts.size === 3, 'three receipts');
    const byId = (i: number) => receipts.get(ids[i]?.messageIds[0] ?? '');
    expect(byId(0)).toMatchObject({ status: 'delivered', errorCode: '000' });
    expect(byId(1)).toMatchObject({ status: 'undelivered', errorCode: '034' });
    expect(byId(2)).toMatchObject({ status: 'expired' });
    expect(byId(0)?.doneAt).toBeInstanceOf(Date);
  });

  it('waits through throttling answers without failing or sending twice', async () => {
    smsc.setRule('+966500000009', { throttle: 3 });
    const { client } = connect();
    const slowDowns: string[] = [];
    client.on('slow_down', (status: string) => slowDowns.push(status));
    const sent = await client.sendText({
      source: 'ElNamer',
      destination: '+966500000009',
      text: 'x',
      reference: 0,
    });
    expect(sent.messageIds).toHaveLength(1);
    expect(slowDowns).toEqual(['ESME_RTHROTTLED', 'ESME_RTHROTTLED', 'ESME_RTHROTTLED']);
    expect(smsc.submits().filter((s) => s.destination === '+966500000009')).toHaveLength(1);
  });

  it('binds again after a dropped connection and loses nothing nor sends anything twice', async () => {
    const { client } = connect({ window: 3 });
    await client.whenBound();
    smsc.dropAfter(4);
    const texts = Array.from({ length: 20 }, (_, i) => `message ${i}`);
    const results = await Promise.all(
      texts.map((text, i) =>
        client.sendText({
          source: 'ElNamer',
          destination: `+9665000001${String(i).padStart(2, '0')}`,
          text,
          reference: i,
        }),
      ),
    );
    expect(client.counts.binds).toBeGreaterThanOrEqual(2);
    const received = smsc.submits().map((s) => s.text);
    expect(received.sort()).toEqual([...texts].sort());
    const ids = results.flatMap((result) => result.messageIds);
    expect(new Set(ids).size).toBe(20);
    expect(
      smsc
        .submits()
        .map((s) => s.messageId)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('sends again, once, a submit the connection lost before its answer', async () => {
    smsc.setRule('+966500000031', { dropFirst: true });
    const { client } = connect();
    const sent = await client.sendText({
      source: 'A',
      destination: '+966500000031',
      text: 'again',
      reference: 0,
    });
    expect(sent.messageIds).toHaveLength(1);
    expect(client.counts).toMatchObject({ resent: 1 });
    expect(smsc.submits().map((s) => s.text)).toEqual(['again']);
  });

  it('keeps at most `window` submits unanswered', async () => {
    for (let i = 0; i < 6; i += 1) smsc.setRule(`+96650000020${i}`, { delayMs: 30 });
    const { client } = connect({ window: 2 });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.sendText({ source: 'A', destination: `+96650000020${i}`, text: 'w', reference: 0 }),
      ),
    );
    expect(smsc.stats().maxInFlight).toBe(2);
  });

  it('fails a refused message as permanent or temporary by the status meaning', async () => {
    smsc.setRule('+966500000011', { failStatus: SMPP_STATUS.ESME_RINVDSTADR });
    smsc.setRule('+966500000012', { failStatus: SMPP_STATUS.ESME_RSYSERR });
    const { client } = connect();
    const send = (destination: string) =>
      client.sendText({ source: 'A', destination, text: 'f', reference: 0 });
    const permanent = await send('+966500000011').catch((error: unknown) => error);
    const temporary = await send('+966500000012').catch((error: unknown) => error);
    expect(permanent).toBeInstanceOf(SmppSubmitError);
    expect(permanent).toMatchObject({ permanent: true, status: 0x0b });
    expect(temporary).toMatchObject({ permanent: false, status: 0x08 });
    expect(smsc.submits()).toHaveLength(0);
  });

  it('matches a receipt that arrives before its submit_sm_resp', async () => {
    smsc.setRule('+966500000021', { receiptFirst: true });
    const order: string[] = [];
    const { client } = connect({ onReceipt: (receipt) => void order.push(`receipt ${receipt.messageId}`) });
    const sent = await client.sendText({
      source: 'A',
      destination: '+966500000021',
      text: 'early',
      reference: 0,
    });
    order.push(`answer ${sent.messageIds[0]}`);
    expect(order).toEqual([`receipt ${sent.messageIds[0]}`, `answer ${sent.messageIds[0]}`]);
  });

  it('reports a refused bind and never binds with a wrong password', async () => {
    const guarded = await startTestSmsc({ credentials: { systemId: 'acme', password: 'right' } });
    try {
      const { client } = smppClient(guarded.url.replace('el-namer:test', 'acme:wrong'));
      clients.push(client);
      await until(() => client.lastError === 'ESME_RINVPASWD', 'the bind refusal');
      expect(client.state).not.toBe('bound');
      const good = smppClient(guarded.url.replace('el-namer:test', 'acme:right')).client;
      clients.push(good);
      await good.whenBound();
    } finally {
      for (const client of clients.splice(0)) await client.close(0);
      await guarded.close();
    }
  });

  it('keeps the bind alive with enquire_link', async () => {
    const { client } = connect({ enquireLinkSeconds: 0.02 });
    await client.whenBound();
    await until(() => smsc.stats().enquireLinks >= 2, 'two enquire_link');
    expect(client.state).toBe('bound');
  });

  it('hands a mobile-originated message to the product and acknowledges it', async () => {
    const inbound: string[] = [];
    const { client } = connect({
      onInbound: (message) => void inbound.push(`${message.source}: ${message.text}`),
    });
    await client.whenBound();
    expect(smsc.sendInbound({ source: '+966501234567', destination: '4455', text: 'إلغاء' })).toBe(true);
    await until(() => inbound.length === 1, 'the inbound message');
    expect(inbound).toEqual(['966501234567: إلغاء']);
  });

  it('answers "try later" to a receipt it could not store, so the SMSC offers it again', async () => {
    const retrying = await startTestSmsc({ receiptRetryMs: 10 });
    try {
      let failures = 1;
      const { client, receipts } = smppClient(retrying.url, {
        onReceipt: () => {
          if (failures-- > 0) throw new Error('database unavailable');
        },
      });
      clients.push(client);
      const sent = await client.sendText({
        source: 'A',
        destination: '+966500000041',
        text: 'kept',
        reference: 0,
      });
      await until(
        () => retrying.stats().receiptsRefused === 1 && receipts.size === 1,
        'the receipt offered again',
      );
      expect(receipts.get(sent.messageIds[0] ?? '')?.status).toBe('delivered');
    } finally {
      for (const client of clients.splice(0)) await client.close(0);
      await retrying.close();
    }
  });

  it('never takes an SMSC acknowledgement for a message from a phone', async () => {
    const inbound: string[] = [];
    const { client, receipts } = connect({ onInbound: (message) => void inbound.push(message.text) });
    await client.whenBound();
    smsc.deliverRaw({
      source_addr: '966501234567',
      destination_addr: '4455',
      esm_class: 0x08,
      short_message: Buffer.from('STOP'),
    });
    smsc.sendInbound({ source: '+966501234567', destination: '4455', text: 'after' });
    await until(() => inbound.length === 1, 'the inbound message');
    expect(inbound).toEqual(['after']);
    expect(receipts.size).toBe(0);
  });

  it('fails submits still waiting when closed, as not sent', async () => {
    const { client } = connect();
    await client.close(0);
    await expect(
      client.sendText({ source: 'A', destination: '+966500000001', text: 'late', reference: 0 }),
    ).rejects.toMatchObject({
      name: 'SmppClosedError',
      permanent: false,
    });
  });
});
