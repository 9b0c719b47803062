import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { insertTestCampaign, messagesOf, recipients, waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** How the dispatcher reacts to each kind of SMTP answer, against a real SMTP server. */
describe('dispatching messages', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Addresses say how the sink treats them: soft-* get 451 once, drop-* lose the connection
    // every time, unknown-* get 550, full-* get 552.
    sink.setReply((to, attempt) => {
      if (to.startsWith('soft-')) return attempt === 1 ? { code: 451, message: 'try later' } : 'accept';
      if (to.startsWith('drop-')) return 'drop';
      if (to.startsWith('unknown-')) return { code: 550, message: 'no such user' };
      if (to.startsWith('full-')) return { code: 552, message: 'message too big for policy' };
      return 'accept';
    });
    t = await createTestApp({
      smtpUrl: sink.url,
      sending: { ...loadConfig({}).sending, concurrency: 3, maxAttempts: 2, retrySeconds: 60 },
    });
    userId = (await t.createUser({ role: 'sender' })).id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const rowsUntil = async (
    campaignId: string,
    done: (rows: Awaited<ReturnType<typeof messagesOf>>) => boolean,
  ) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await messagesOf(t.app.db, campaignId);
      if (done(rows)) return rows;
      if (Date.now() > deadline) throw new Error(`rows stayed ${rows.map((row) => row.status).join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('retries a 4xx after its back-off and then delivers', async () => {
    const id = await insertTestCampaign(t.app.db, {
      userId,
      recipients: [{ email: 'soft-1@example.test', name: 'Soft' }],
    });
    t.app.mailDispatcher?.wake();
    const [waiting] = await rowsUntil(id, (rows) => rows[0]?.attempts === 1);
    expect(waiting?.status).toBe('queued');
    expect(waiting?.smtp_response).toMatch(/^451/);
    expect(Date.parse(waiting?.next_attempt_at ?? '') - Date.parse(waiting?.updated_at ?? '')).toBe(60_000);
    // Not due yet: nothing more happens until the clock passes the back-off.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sink.attempts.get('soft-1@example.test')).toBe(1);

    t.advanceClock(61_000);
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    const [row] = await messagesOf(t.app.db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, possible_duplicate: 0 });
    expect(sink.recipients().filter((to) => to === 'soft-1@example.test')).toHaveLength(1);
  });

  it('fails a message for good after the last dropped connection and refunds its credit', async () => {
    const before = await balanceOf(t.app.db, userId);
    const id = await insertTestCampaign(t.app.db, {
      userId,
      recipients: [{ email: 'drop-1@example.test' }, { email: 'fine-1@example.test' }],
    });
    expect(await balanceOf(t.app.db, userId)).toBe(before - 2);
    t.app.mailDispatcher?.wake();
    await rowsUntil(id, (rows) => rows[0]?.attempts === 1 && rows[0].status === 'queued');
    t.advanceClock(61_000);
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    const [dropped, fine] = await messagesOf(t.app.db, id);
    expect(dropped).toMatchObject({ status: 'failed', attempts: 2 });
    expect(dropped?.refunded_at).not.toBeNull();
    expect(fine).toMatchObject({ status: 'sent', refunded_at: null });
    expect(await balanceOf(t.app.db, userId)).toBe(before - 1);
    const refunds = await t.app.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('campaign_id', '=', id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds.map((entry) => entry.amount)).toEqual([1]);
  });

  it('fails a 5xx at once with a refund, and suppresses an unknown user everywhere', async () => {
    const before = await balanceOf(t.app.db, userId);
    const id = await insertTestCampaign(t.app.db, {
      userId,
      recipients: [
        { email: 'unknown-1@example.test' },
        { email: 'full-1@example.test' },
        { email: 'fine-2@example.test' },
      ],
    });
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, id, 'completed');
    const [unknown, full, fine] = await messagesOf(t.app.db, id);
    expect(unknown).toMatchObject({ status: 'failed', attempts: 1 });
    expect(unknown?.smtp_response).toMatch(/^550/);
    expect(full).toMatchObject({ status: 'failed', attempts: 1 });
    expect(fine?.status).toBe('sent');
    expect(await balanceOf(t.app.db, userId)).toBe(before - 1);
    const suppressed = await t.app.db
      .selectFrom('suppressions')
      .selectAll()
      .where('scope', '=', '*')
      .execute();
    expect(suppressed.map((row) => [row.email_key, row.reason])).toEqual([
      ['unknown-1@example.test', 'hard_bounce'],
    ]);
  });

  it('leaves paused and cancelled campaigns alone and resumes a paused one', async () => {
    const paused = await insertTestCampaign(t.app.db, {
      userId,
      status: 'paused',
      recipients: recipients(3, 'paused'),
    });
    const cancelled = await insertTestCampaign(t.app.db, {
      userId,
      status: 'cancelled',
      recipients: recipients(2, 'cancelled'),
    });
    t.app.mailDispatcher?.wake();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sink.recipients().filter((to) => to.includes('-paused@') || to.includes('-cancelled@'))).toEqual(
      [],
    );
    expect((await messagesOf(t.app.db, paused)).every((row) => row.status === 'queued')).toBe(true);

    await t.app.db.updateTable('campaigns').set({ status: 'sending' }).where('id', '=', paused).execute();
    t.app.mailDispatcher?.wake();
    await waitForCampaign(t.app.db, paused, 'completed');
    expect(sink.recipients().filter((to) => to.includes('-paused@'))).toHaveLength(3);
    expect(sink.recipients().filter((to) => to.includes('-cancelled@'))).toEqual([]);
    const rows = await messagesOf(t.app.db, cancelled);
    expect(rows.every((row) => row.status === 'queued')).toBe(true);
  });
});
