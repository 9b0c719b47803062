import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { Dispatcher } from '../../server/mail/dispatcher.ts';
import * as queue from '../../server/mail/queue.repository.ts';
import { createSmtpTransport, type MailTransport } from '../../server/mail/transport.ts';
import { grantCredits } from '../../server/modules/credits/ledger.ts';
import { insertTestCampaign, messagesOf, recipients, waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Several dispatchers on one queue (on PostgreSQL: several sending processes) send each message
 * exactly once. The app's own dispatcher is off here (DISPATCHER=off), so only the two below send.
 */
describe(`two dispatchers on one ${engine} queue`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ sending: { ...loadConfig({}).sending, dispatcher: false } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers every message once and shares the work', async () => {
    const user = await t.createUser({ role: 'sender' });
    await grantCredits(t.app.db, {
      userId: user.id,
      amount: 1000,
      reason: null,
      createdBy: null,
      now: new Date().toISOString(),
    });
    const id = await insertTestCampaign(t.app.db, { userId: user.id, recipients: recipients(600, 'shared') });
    const sending = { ...loadConfig({}).sending, concurrency: 4, batchSize: 25 };
    const counts = [0, 0];
    const make = (index: number) => {
      const smtp = createSmtpTransport(sink.url, sending);
      const counting: MailTransport = {
        send: async (mail) => {
          counts[index] = (counts[index] ?? 0) + 1;
          return smtp.send(mail);
        },
        close: () => smtp.close(),
      };
      return {
        smtp: counting,
        dispatcher: new Dispatcher({
          db: t.app.db,
          transport: counting,
          sending,
          dataDir: t.config.dataDir,
          publicUrl: t.config.publicUrl,
          bounceDomain: t.config.bounceDomain,
          now: t.app.now,
          log: t.app.log,
          recoverAllAtStart: false,
          owner: `test-dispatcher-${index}`,
        }),
      };
    };
    const workers = [make(0), make(1)];
    for (const worker of workers) worker.dispatcher.start();
    try {
      await waitForCampaign(t.app.db, id, 'completed', 60_000);
    } finally {
      for (const worker of workers) {
        await worker.dispatcher.stop();
        worker.smtp.close();
      }
    }
    const delivered = sink.recipients().filter((to) => to.endsWith('-shared@example.test'));
    expect(delivered).toHaveLength(600);
    expect(new Set(delivered).size).toBe(600);
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(600);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);
    const rows = await messagesOf(t.app.db, id);
    expect(
      rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.possible_duplicate === 0),
    ).toBe(true);
  });

  it('takes back expired leases, flagging those whose SMTP transaction had begun', async () => {
    const user = await t.createUser({ role: 'sender' });
    const id = await insertTestCampaign(t.app.db, { userId: user.id, recipients: recipients(4, 'lease') });
    const now = t.app.now();
    const claimed = await queue.claimMessages(t.app.db, {
      owner: 'dead-process',
      campaignIds: [id],
      limit: 10,
      now,
      leaseSeconds: 30,
    });
    expect(claimed).toHaveLength(4);
    // A second claim finds nothing: the rows are leased.
    expect(
      await queue.claimMessages(t.app.db, {
        owner: 'other',
        campaignIds: [id],
        limit: 10,
        now,
        leaseSeconds: 30,
      }),
    ).toEqual([]);
    const begun = claimed.slice(0, 2).map((row) => row.id);
    expect(
      await queue.markAttemptsStarted(t.app.db, { owner: 'dead-process', ids: begun, now, leaseSeconds: 30 }),
    ).toEqual(new Set(begun));
    // Before the lease ends nothing is taken back; after it, all four are queued again.
    expect(await queue.recoverExpiredLeases(t.app.db, { now: new Date(now.getTime() + 29_000) })).toBe(0);
    expect(await queue.recoverExpiredLeases(t.app.db, { now: new Date(now.getTime() + 31_000) })).toBe(4);
    const rows = await messagesOf(t.app.db, id);
    expect(
      rows.map((row) => [row.status, row.possible_duplicate, row.lease_owner, row.attempt_started_at]),
    ).toEqual(rows.map((row) => ['queued', begun.includes(row.id) ? 1 : 0, null, null]));
    // The dead process's late result can no longer overwrite anything.
    await queue.markSent(t.app.db, {
      owner: 'dead-process',
      now,
      rows: [{ id: begun[0] as string, response: '250 late', messageId: '<late@x>' }],
    });
    expect((await messagesOf(t.app.db, id)).find((row) => row.id === begun[0])?.status).toBe('queued');
  });
});
