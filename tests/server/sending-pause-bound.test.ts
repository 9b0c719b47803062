import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/auth.contract.ts';
import { loadConfig } from '../../server/config.ts';
import { grantCredits } from '../../server/modules/credits/ledger.ts';
import { insertTestCampaign, messagesOf, recipients } from './helpers/campaigns.ts';
import { startSmtpSink, type SinkReply, type SmtpSink } from './helpers/smtp-sink.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * A pause stops the flow within one claim batch (issues 31 and 32): once the pause is visible in
 * `GET /api/send/{id}/`, at most SEND_CONCURRENCY + SEND_BATCH_SIZE more of the campaign's messages
 * reach the relay, whether the sender paused it or the bounce-rate rule did; and that rule is
 * checked on every recorded outcome, so a campaign whose bounces came in before it had enough
 * deliveries pauses once it has them, without waiting for another bounce.
 */
const CONCURRENCY = 4;
const BATCH = 10;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a pause stops the flow within one claim batch (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;

  const start = async (pauseAfter: number) => {
    sink = await startSmtpSink();
    t = await createTestApp({
      smtpUrl: sink.url,
      sending: { ...loadConfig({}).sending, concurrency: CONCURRENCY, batchSize: BATCH },
      feedback: { ...loadConfig({}).feedback, pausePercent: 5, pauseAfter },
    });
  };
  const sender = async () => {
    const login = await t.signInAs('sender');
    await grantCredits(t.app.db, {
      userId: login.user.id,
      amount: 1000,
      reason: null,
      createdBy: null,
      now: new Date().toISOString(),
    });
    return login;
  };
  afterEach(async () => {
    await t.close();
    await sink.close();
  });

  const delivered = (prefix: string) =>
    sink.recipients().filter((to) => to.endsWith(`-${prefix}@example.test`));

  /** Polls the campaign through the API until it is paused; answers how many had arrived then. */
  async function deliveredWhenPauseVisible(login: LoginResponse, id: string, prefix: string) {
    for (;;) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/send/${id}/`,
        headers: bearer(login.access),
      });
      if (response.json<{ status: string }>().status === 'paused') return delivered(prefix).length;
      await wait(5);
    }
  }

  /** Waits until the dispatcher holds none of the campaign's rows and nothing more arrives. */
  async function settled(id: string, prefix: string): Promise<number> {
    let last = -1;
    for (;;) {
      const rows = await messagesOf(t.app.db, id);
      const now = delivered(prefix).length;
      if (!rows.some((row) => row.status === 'sending') && now === last) return now;
      last = now;
      await wait(300);
    }
  }

  it('after the sender pauses it', async () => {
    await start(500);
    // A relay that takes 5 ms a message: the dispatcher keeps claims ahead and a full pipeline.
    sink.setReply(() => wait(5).then((): SinkReply => 'accept'));
    const login = await sender();
    const id = await insertTestCampaign(t.app.db, {
      userId: login.user.id,
      recipients: recipients(1000, 'held'),
    });
    t.app.mailDispatcher?.wake();
    await sink.waitFor(150, 60_000);
    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/send/${id}/pause/`,
      headers: bearer(login.access),
      payload: {},
    });
    expect(paused.json<{ status: string }>().status).toBe('paused');
    const atPause = await deliveredWhenPauseVisible(login, id, 'held');
    const after = await settled(id, 'held');
    console.info(`[pause-bound ${engine}] sender's pause: ${after - atPause} left after it was visible`);
    expect(after - atPause).toBeLessThanOrEqual(CONCURRENCY + BATCH);
    // The rest waits, unsent and unflagged, for a resume.
    const rows = await messagesOf(t.app.db, id);
    expect(rows.filter((row) => row.status === 'queued').length).toBe(1000 - after);
    expect(rows.filter((row) => row.possible_duplicate === 1)).toEqual([]);
  }, 90_000);

  it('after the bounce-rate rule pauses it, checked on deliveries as well as bounces', async () => {
    await start(60);
    // The first 20 go through, the rest wait until their bounces are recorded.
    let accepted = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    sink.setReply(async (): Promise<SinkReply> => {
      accepted += 1;
      if (accepted > 20) await gate;
      await wait(5);
      return 'accept';
    });
    const login = await sender();
    const id = await insertTestCampaign(t.app.db, {
      userId: login.user.id,
      recipients: recipients(1000, 'rate'),
    });
    t.app.mailDispatcher?.wake();
    await sink.waitFor(20, 60_000);
    let sent: { id: string }[] = [];
    while (sent.length < 20) {
      sent = (await messagesOf(t.app.db, id)).filter((row) => row.status === 'sent');
      await wait(20);
    }
    // Ten of the first twenty bounced (written as the feedback service records a hard bounce):
    // 50 %, but under the 60 deliveries the rule waits for, so nothing pauses yet.
    await t.app.db
      .updateTable('messages')
      .set({ bounced_at: new Date().toISOString(), bounce_code: '5.1.1' })
      .where(
        'id',
        'in',
        sent.slice(0, 10).map((row) => row.id),
      )
      .execute();
    open();
    const atPause = await deliveredWhenPauseVisible(login, id, 'rate');
    const after = await settled(id, 'rate');
    console.info(`[pause-bound ${engine}] bounce-rate pause at ${atPause}: ${after - atPause} left after it`);
    const campaign = await t.app.db
      .selectFrom('campaigns')
      .select(['status', 'pause_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ status: 'paused', pause_reason: 'bounce_rate' });
    // Paused once it had its 60 deliveries, by a check of outcomes, not of a new bounce.
    expect(atPause).toBeGreaterThanOrEqual(60);
    expect(after - atPause).toBeLessThanOrEqual(CONCURRENCY + BATCH);
  }, 90_000);
});
