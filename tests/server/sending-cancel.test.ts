import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { insertTestCampaign, messagesOf, recipients } from './helpers/campaigns.ts';
import { startSmtpSink, type SinkReply, type SmtpSink } from './helpers/smtp-sink.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Cancelling a campaign while the dispatcher holds some of its messages: the queued ones come back
 * cancelled with their credit refunded, never queued forever in a cancelled campaign; of those the
 * dispatcher had claimed, the ones already handed to the relay go out and keep their charge (at
 * most SEND_CONCURRENCY + SEND_BATCH_SIZE), the others come back cancelled and refunded too.
 */
describe(`cancelling while sending (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Every message waits at RCPT TO until the test lets them through: the pool stays full and
    // the groups claimed ahead wait in the dispatcher.
    sink.setReply((): Promise<SinkReply> => held.then(() => 'accept' as const));
    t = await createTestApp({
      smtpUrl: sink.url,
      sending: { ...loadConfig({}).sending, concurrency: 5, batchSize: 10 },
    });
  });
  afterAll(async () => {
    release();
    await t.close();
    await sink.close();
  });

  it('refunds the messages not yet handed to the relay and sends those already handed', async () => {
    const login = await t.signInAs('sender');
    const userId = login.user.id;
    const before = await balanceOf(t.app.db, userId);
    // More than the dispatcher claims ahead (in flight, plus three groups of 10: 60 with compose
    // threads, 50 without), so part of the campaign is still queued when it is cancelled.
    const id = await insertTestCampaign(t.app.db, { userId, recipients: recipients(90) });
    t.app.mailDispatcher?.wake();
    // The pool's connections are busy and the dispatcher holds as many as it claims ahead.
    let held: number[] = [];
    for (;;) {
      const rows = await messagesOf(t.app.db, id);
      const claimed = rows.filter((row) => row.status === 'sending').length;
      held = [...held.slice(-4), claimed];
      if (sink.attempts.size >= 5 && held.length === 5 && held.every((count) => count === claimed)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const claimedBefore = (await messagesOf(t.app.db, id)).filter((row) => row.status === 'sending');
    expect(claimedBefore.length).toBeGreaterThan(0);
    expect(claimedBefore.every((row) => row.attempt_started_at !== null)).toBe(true);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/send/${id}/cancel/`,
      headers: bearer(login.access),
      payload: {},
    });
    expect(cancelled.json().status).toBe('cancelled');
    release();

    // Settled once the dispatcher holds nothing: a cancelled campaign is never claimed again.
    let rows = await messagesOf(t.app.db, id);
    while (rows.some((row) => row.status === 'sending')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await messagesOf(t.app.db, id);
    }
    const sent = rows.filter((row) => row.status === 'sent');
    const notSent = rows.filter((row) => row.status === 'cancelled');
    expect(rows.filter((row) => row.status === 'queued' || row.status === 'sending')).toEqual([]);
    expect(sent.length + notSent.length).toBe(90);
    expect(notSent.length).toBeGreaterThan(0);
    // Those in the relay's hands at the cancel went out; no more than the unsettled bound did.
    expect(sent.length).toBeGreaterThanOrEqual(5);
    expect(sent.length).toBeLessThanOrEqual(5 + 10);
    expect(claimedBefore.length).toBeGreaterThan(sent.length);
    expect(notSent.every((row) => row.refunded_at !== null)).toBe(true);
    expect(sink.recipients()).toHaveLength(sent.length);
    expect(await balanceOf(t.app.db, userId)).toBe(before - sent.length);
  });
});
