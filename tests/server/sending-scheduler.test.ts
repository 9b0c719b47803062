import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { grantCredits } from '../../server/modules/credits/ledger.ts';
import { insertUser } from '../../server/modules/users/users.repository.ts';
import { insertTestCampaign, recipients, waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';

describe('scheduled campaigns', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  describe('while the server runs', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ smtpUrl: sink.url });
    });
    afterAll(() => t.close());

    it('waits until the scheduled time on the app clock, then starts on time and sends', async () => {
      const user = await t.createUser({ role: 'sender' });
      const due = new Date(t.app.now().getTime() + 3_600_000);
      const id = await insertTestCampaign(t.app.db, {
        userId: user.id,
        status: 'scheduled',
        scheduledAt: due.toISOString(),
        recipients: recipients(3, 'sched'),
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const waiting = await t.app.db
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      expect(waiting?.status).toBe('scheduled');
      expect(sink.recipients().filter((to) => to.includes('-sched@'))).toEqual([]);

      t.advanceClock(3_600_000 + 500);
      const done = await waitForCampaign(t.app.db, id, 'completed');
      expect(done.late_seconds).toBeNull();
      expect(Date.parse(done.started_at ?? '')).toBeGreaterThanOrEqual(due.getTime());
      expect(sink.recipients().filter((to) => to.includes('-sched@'))).toHaveLength(3);
    });
  });

  it('a process with DISPATCHER=off sends nothing; the next start releases a missed campaign as late', async () => {
    const database = await createTestDatabase({ smtpUrl: sink.url });
    const base = database.config;
    try {
      const apiOnly = await buildApp({
        config: { ...base, sending: { ...base.sending, dispatcher: false } },
        logger: false,
      });
      await apiOnly.ready();
      expect(apiOnly.mailDispatcher).toBeNull();
      const user = await insertUser(apiOnly.db, {
        username: 'late-sender',
        email: 'late-sender@example.test',
        passwordHash: await hashPassword('irrelevant-password'),
        role: 'sender',
      });
      await grantCredits(apiOnly.db, {
        userId: user.id,
        amount: 10,
        reason: null,
        createdBy: null,
        now: new Date().toISOString(),
      });
      const twoHoursAgo = new Date(Date.now() - 7_200_000).toISOString();
      const late = await insertTestCampaign(apiOnly.db, {
        userId: user.id,
        status: 'scheduled',
        scheduledAt: twoHoursAgo,
        recipients: recipients(2, 'late'),
      });
      const running = await insertTestCampaign(apiOnly.db, {
        userId: user.id,
        recipients: recipients(2, 'off'),
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const states = await apiOnly.db.selectFrom('campaigns').select(['id', 'status']).execute();
      expect(Object.fromEntries(states.map((row) => [row.id, row.status]))).toEqual({
        [late]: 'scheduled',
        [running]: 'sending',
      });
      expect(sink.recipients().filter((to) => to.includes('-off@') || to.includes('-late@'))).toEqual([]);
      await apiOnly.close();

      const worker = await buildApp({ config: base, logger: false });
      await worker.ready();
      try {
        const started = await waitForCampaign(worker.db, late, 'completed');
        expect(started.late_seconds).toBeGreaterThanOrEqual(7200);
        expect(started.late_seconds).toBeLessThan(7300);
        await waitForCampaign(worker.db, running, 'completed');
        expect(sink.recipients().filter((to) => to.includes('-off@') || to.includes('-late@'))).toHaveLength(
          4,
        );
      } finally {
        await worker.close();
      }
    } finally {
      await database.cleanup();
    }
  });

  it('without SMTP_URL sends through the built-in capture server, where administrators read it', async () => {
    const t = await createTestApp({ smtpUrl: undefined });
    try {
      expect(t.app.mailRelayUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(t.app.mailDispatcher).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
