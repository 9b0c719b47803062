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
    const claim = (owner: string, limit: number) =>
      queue.claimMessages(t.app.db, { owner, campaignIds: [id], limit, now, leaseSeconds: 30 });
    // A claimed row is a started one: the dead process took two and began sending them.
    const claimed = await claim('dead-process', 2);
    expect(claimed).toHaveLength(2);
    const begun = claimed.map((row) => row.id);
    // Another dispatcher claims the other two and gives them back unsent (it was stopping).
    const other = await claim('other', 10);
    expect(other.map((row) => row.id).sort()).toEqual(
      (await messagesOf(t.app.db, id))
        .map((row) => row.id)
        .filter((rowId) => !begun.includes(rowId))
        .sort(),
    );
    // Nothing is left to claim while the rows are leased.
    expect(await claim('third', 10)).toEqual([]);
    await queue.releaseMessages(t.app.db, {
      owner: 'other',
      rows: other.map((row) => ({ id: row.id, generation: row.claim_generation })),
      now,
    });
    // Before the lease ends nothing is taken back; after it, the dead process's two are queued again.
    expect(await queue.recoverExpiredLeases(t.app.db, { now: new Date(now.getTime() + 29_000) })).toBe(0);
    expect(await queue.recoverExpiredLeases(t.app.db, { now: new Date(now.getTime() + 31_000) })).toBe(2);
    const rows = await messagesOf(t.app.db, id);
    expect(
      rows.map((row) => [row.status, row.possible_duplicate, row.lease_owner, row.attempt_started_at]),
    ).toEqual(rows.map((row) => ['queued', begun.includes(row.id) ? 1 : 0, null, null]));
    // The dead process's late result can no longer overwrite anything.
    await queue.markSent(t.app.db, {
      owner: 'dead-process',
      now,
      rows: [
        {
          id: begun[0] as string,
          generation: claimed[0]!.claim_generation,
          response: '250 late',
          messageId: '<late@x>',
        },
      ],
    });
    expect((await messagesOf(t.app.db, id)).find((row) => row.id === begun[0])?.status).toBe('queued');
  });

  it('claims nothing more from a campaign paused since the dispatcher read the sending ones', async () => {
    const user = await t.createUser({ role: 'sender' });
    const id = await insertTestCampaign(t.app.db, { userId: user.id, recipients: recipients(3, 'paused') });
    const now = t.app.now();
    await t.app.db.updateTable('campaigns').set({ status: 'paused' }).where('id', '=', id).execute();
    expect(
      await queue.claimMessages(t.app.db, {
        owner: 'late',
        campaignIds: [id],
        limit: 10,
        now,
        leaseSeconds: 30,
      }),
    ).toEqual([]);
    const rows = await messagesOf(t.app.db, id);
    expect(rows.map((row) => [row.status, row.attempt_started_at])).toEqual(rows.map(() => ['queued', null]));
  });

  it('claims at most its limit, however many rows are due', async () => {
    const user = await t.createUser({ role: 'sender' });
    const id = await insertTestCampaign(t.app.db, { userId: user.id, recipients: recipients(60, 'limit') });
    const now = t.app.now();
    const claim = () =>
      queue.claimMessages(t.app.db, { owner: 'one', campaignIds: [id], limit: 10, now, leaseSeconds: 30 });
    // Claims at the same time, as the dispatcher's claims ahead run on PostgreSQL.
    const groups = await Promise.all([claim(), claim(), claim()]);
    expect(groups.map((group) => group.length)).toEqual([10, 10, 10]);
    expect(new Set(groups.flat().map((row) => row.id)).size).toBe(30);
    const rows = await messagesOf(t.app.db, id);
    expect(rows.filter((row) => row.status === 'sending')).toHaveLength(30);
  });
});
