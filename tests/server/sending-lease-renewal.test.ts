import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { insertTestCampaign, messagesOf, recipients, waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * A slow relay: the groups the dispatcher claimed ahead wait longer for pool slots than a lease
 * lasts. Their leases are renewed before they run out, so the lease recovery (every second) never
 * hands rows this dispatcher still holds to another send: every recipient gets one message and
 * none is flagged.
 */
describe(`leases of messages waiting for a slow relay (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    sink.setReply(() => new Promise((resolve) => setTimeout(() => resolve('accept'), 250)));
    t = await createTestApp({
      smtpUrl: sink.url,
      // One connection at 250 ms a message: the three groups of 5 claimed ahead plus the few in
      // flight wait about 4 s, twice the 2 s lease.
      sending: { ...loadConfig({}).sending, concurrency: 1, batchSize: 5, leaseSeconds: 2 },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('renews them, and sends every message once', async () => {
    const user = await t.createUser({ role: 'sender' });
    const id = await insertTestCampaign(t.app.db, { userId: user.id, recipients: recipients(40, 'slow') });
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed', 60_000);
    const rows = await messagesOf(t.app.db, id);
    expect(rows.map((row) => [row.status, row.attempts, row.possible_duplicate])).toEqual(
      rows.map(() => ['sent', 1, 0]),
    );
    const delivered = sink.recipients().filter((to) => to.endsWith('-slow@example.test'));
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered).size).toBe(40);
  }, 90_000);
});
