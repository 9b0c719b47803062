import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { sendEndpoints } from '../../contract/send.contract.ts';
import { createDb } from '../../server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { applyFeedback, messageIdFromHeader } from '../../server/mail/feedback/feedback.service.ts';
import { keepInboundReport } from '../../server/mail/feedback/inbound-reports.repository.ts';
import { acceptRecipient } from '../../server/mail/feedback/inbound-server.ts';
import { readReport } from '../../server/mail/feedback/reports.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { rfc3464Dsn, rfc5965Arf } from './helpers/feedback-reports.ts';
import { bearer, createTestApp, createTestDatabase, engine, type TestApp } from './helpers/test-app.ts';

/** The feedback rules one by one, on the service (the SMTP and webhook paths all end here). */
describe(`feedback rules (${engine})`, () => {
  let t: TestApp;
  let userId: string;
  let access: string;
  const options = (extra: Partial<{ pausePercent: number; pauseAfter: number }> = {}) => ({
    pausePercent: 5,
    pauseAfter: 500,
    now: new Date(),
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ role: 'sender' });
    userId = user.id;
    access = (await t.signIn(user.username, user.password)).access;
  });
  afterAll(() => t.close());

  /** A campaign whose messages the relay took, `at` apart (oldest first). */
  const deliveredCampaign = async (
    emails: string[],
    at: Date,
    status: 'sending' | 'completed' = 'completed',
  ) => {
    const id = await insertTestCampaign(t.app.db, {
      userId,
      status,
      recipients: emails.map((email) => ({ email })),
    });
    await t.app.db
      .updateTable('messages')
      .set({ status: 'sent', sent_at: at.toISOString() })
      .where('campaign_id', '=', id)
      .execute();
    return { id, messages: await messagesOf(t.app.db, id) };
  };

  it('suppresses after three soft bounces in a row over three sends, not after three on one message', async () => {
    const email = 'flaky@example.org';
    const day = 86_400_000;
    const first = await deliveredCampaign([email], new Date(Date.now() - 3 * day));
    const soft = (messageId: string, eventId: string) =>
      applyFeedback(
        t.app.db,
        {
          target: { messageId },
          kind: 'soft_bounce',
          status: '4.2.2',
          diagnostic: 'Mailbox full',
          source: 'smtp',
          eventId,
        },
        options(),
      );
    // Three delayed notices about one message: counted, but one send is not three in a row.
    for (const eventId of ['a', 'b', 'c']) await soft(first.messages[0]!.id, eventId);
    const reasons = () =>
      t.app.db.selectFrom('suppressions').select('reason').where('email_key', '=', email).execute();
    expect(await reasons()).toEqual([]);
    expect((await messagesOf(t.app.db, first.id))[0]).toMatchObject({
      soft_bounce_count: 3,
      bounce_code: '4.2.2',
    });

    const second = await deliveredCampaign([email], new Date(Date.now() - 2 * day));
    await soft(second.messages[0]!.id, 'd');
    expect(await reasons()).toEqual([]);
    const third = await deliveredCampaign([email], new Date(Date.now() - day));
    expect(await soft(third.messages[0]!.id, 'e')).toMatchObject({ outcome: 'applied' });
    expect(await reasons()).toEqual([{ reason: 'soft_bounce' }]);
    // The soft bounces never mark a message bounced.
    expect((await messagesOf(t.app.db, third.id))[0]!.bounced_at).toBeNull();
  });

  it('a permanent sender-side failure (DMARC) never suppresses, never marks bounced, even three in a row', async () => {
    const email = 'dmarc@example.org';
    const day = 86_400_000;
    for (const [index, back] of [3, 2, 1].entries()) {
      const campaign = await deliveredCampaign([email], new Date(Date.now() - back * day), 'sending');
      await applyFeedback(
        t.app.db,
        {
          target: { messageId: campaign.messages[0]!.id },
          kind: 'hard_bounce',
          status: '5.7.26',
          diagnostic:
            "550-5.7.26 Unauthenticated email from example.test is not accepted due to domain's DMARC policy.",
          source: 'ses',
          eventId: `dmarc-${index}`,
        },
        options({ pauseAfter: 1, pausePercent: 0 }),
      );
      const [row] = await messagesOf(t.app.db, campaign.id);
      expect(row).toMatchObject({
        bounced_at: null,
        soft_bounce_count: 1,
        bounce_code: '5.7.26',
        bounce_type: 'sender',
        bounce_reason: 'authfailure',
      });
      // It does not count toward the bounce-rate pause either.
      const campaignRow = await t.app.db
        .selectFrom('campaigns')
        .select('status')
        .where('id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      expect(campaignRow.status).toBe('sending');
    }
    const rows = await t.app.db
      .selectFrom('suppressions')
      .select('reason')
      .where('email_key', '=', email)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a "5.1.1 user unknown" is hard and suppresses at once; a 5.2.2 mailbox full is soft', async () => {
    const { id, messages } = await deliveredCampaign(['unknown@example.org', 'full@example.org'], new Date());
    for (const [message, diagnostic] of [
      [messages[0]!, '550 5.1.1 <unknown@example.org>: Recipient address rejected: User unknown'],
      [messages[1]!, '552 5.2.2 <full@example.org>: Mailbox full'],
    ] as const)
      await applyFeedback(
        t.app.db,
        {
          target: { messageId: message.id },
          kind: 'hard_bounce',
          status: diagnostic.slice(4, 9),
          diagnostic,
          source: 'sendgrid',
          eventId: `e-${message.id}`,
        },
        options(),
      );
    const rows = await messagesOf(t.app.db, id);
    expect(
      rows.map((row) => [row.email, row.bounced_at !== null, row.bounce_type, row.bounce_reason]),
    ).toEqual([
      ['unknown@example.org', true, 'hard', 'userunknown'],
      ['full@example.org', false, 'soft', 'mailboxfull'],
    ]);
    const suppressed = await t.app.db
      .selectFrom('suppressions')
      .select(['email_key', 'reason', 'bounce_reason'])
      .where('email_key', 'in', ['unknown@example.org', 'full@example.org'])
      .execute();
    expect(suppressed).toEqual([
      { email_key: 'unknown@example.org', reason: 'hard_bounce', bounce_reason: 'userunknown' },
    ]);
  });

  it('a delivery in between breaks the row of soft bounces', async () => {
    const email = 'sometimes@example.org';
    const day = 86_400_000;
    const a = await deliveredCampaign([email], new Date(Date.now() - 3 * day));
    await deliveredCampaign([email], new Date(Date.now() - 2 * day));
    const c = await deliveredCampaign([email], new Date(Date.now() - day));
    const d = await deliveredCampaign([email], new Date(Date.now() - day / 2));
    for (const [campaign, eventId] of [
      [a, 'x1'],
      [c, 'x3'],
      [d, 'x4'],
    ] as const) {
      await applyFeedback(
        t.app.db,
        {
          target: { messageId: campaign.messages[0]!.id },
          kind: 'soft_bounce',
          status: '4.4.1',
          source: 'ses',
          eventId,
        },
        options(),
      );
    }
    const rows = await t.app.db
      .selectFrom('suppressions')
      .select('reason')
      .where('email_key', '=', email)
      .execute();
    expect(rows).toEqual([]);
  });

  it('pauses a sending campaign once more than the limit of its deliveries hard-bounced, then the sender resumes', async () => {
    const emails = Array.from({ length: 20 }, (_, index) => `p${index}@example.org`);
    const { id, messages } = await deliveredCampaign(emails, new Date(), 'sending');
    const bounce = (index: number) =>
      applyFeedback(
        t.app.db,
        {
          target: { messageId: messages[index]!.id },
          kind: 'hard_bounce',
          status: '5.1.1',
          diagnostic: 'User unknown',
          source: 'sendgrid',
          eventId: `evt-${index}`,
        },
        options({ pauseAfter: 10, pausePercent: 5 }),
      );
    // 1 of 20 is 5 %: not past the limit.
    expect(await bounce(0)).toMatchObject({ outcome: 'applied', paused: false });
    const campaign = () =>
      t.app.db
        .selectFrom('campaigns')
        .select(['status', 'pause_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await campaign()).toEqual({ status: 'sending', pause_reason: null });
    expect(await bounce(1)).toMatchObject({ outcome: 'applied', paused: true });
    expect(await campaign()).toEqual({ status: 'paused', pause_reason: 'bounce_rate' });
    // Repeating the report is a duplicate: nothing more.
    expect(await bounce(1)).toMatchObject({ outcome: 'duplicate' });

    // Resuming is the sender's choice; it clears the engine's reason.
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api${pathOf(sendEndpoints.resume, { id })}`,
      headers: bearer(access),
    });
    expect(resumed.statusCode).toBe(200);
    expect(await campaign()).toEqual({ status: 'sending', pause_reason: null });
  });

  it('does not pause before the campaign has its first deliveries', async () => {
    const { id, messages } = await deliveredCampaign(
      ['q1@example.org', 'q2@example.org'],
      new Date(),
      'sending',
    );
    await applyFeedback(
      t.app.db,
      {
        target: { messageId: messages[0]!.id },
        kind: 'hard_bounce',
        status: '5.1.1',
        source: 'smtp',
        eventId: 'q',
      },
      options({ pauseAfter: 10 }),
    );
    const row = await t.app.db
      .selectFrom('campaigns')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sending');
  });

  it('raises message.bounced and message.complained once each for webhook subscribers', async () => {
    const subscriber = await t.createUser({ role: 'sender' });
    const stamp = new Date().toISOString();
    await t.app.db
      .insertInto('webhook_endpoints')
      .values({
        id: crypto.randomUUID(),
        user_id: subscriber.id,
        url: 'https://hooks.example.org/el-namer',
        events: JSON.stringify(['message.bounced', 'message.complained']),
        secret: 'whsec_dGVzdA==',
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const id = await insertTestCampaign(t.app.db, {
      userId: subscriber.id,
      status: 'completed',
      recipients: [{ email: 'gone@example.org' }, { email: 'angry@example.org' }],
    });
    await t.app.db
      .updateTable('messages')
      .set({ status: 'sent', sent_at: stamp })
      .where('campaign_id', '=', id)
      .execute();
    const [gone, angry] = await messagesOf(t.app.db, id);
    const report = (messageId: string, kind: 'hard_bounce' | 'complaint', eventId: string) =>
      applyFeedback(
        t.app.db,
        { target: { messageId }, kind, status: '5.1.1', diagnostic: 'no such user', source: 'smtp', eventId },
        options(),
      );
    await report(gone!.id, 'hard_bounce', 'hb-1');
    await report(gone!.id, 'hard_bounce', 'hb-2');
    await report(angry!.id, 'complaint', 'arf-1');
    const events = await t.app.db
      .selectFrom('webhook_events')
      .select(['type', 'payload'])
      .where('user_id', '=', subscriber.id)
      .orderBy('created_at')
      .execute();
    expect(events.map((event) => event.type).sort()).toEqual(['message.bounced', 'message.complained']);
    const bounced = JSON.parse(events.find((event) => event.type === 'message.bounced')!.payload);
    expect(bounced.data).toMatchObject({
      message_id: gone!.id,
      campaign_id: id,
      email: 'gone@example.org',
      bounce_code: '5.1.1',
    });
  });

  it('never refunds, and answers no_match for messages it does not know', async () => {
    const before = await balanceOf(t.app.db, userId);
    const { messages } = await deliveredCampaign(['r1@example.org'], new Date());
    const charged = await balanceOf(t.app.db, userId);
    expect(charged).toBe(before - 1);
    await applyFeedback(
      t.app.db,
      {
        target: { token: messages[0]!.token },
        kind: 'hard_bounce',
        status: '5.1.1',
        source: 'smtp',
        eventId: 'r',
      },
      options(),
    );
    expect(await balanceOf(t.app.db, userId)).toBe(charged);
    expect((await messagesOf(t.app.db, messages[0]!.campaign_id))[0]!.refunded_at).toBeNull();
    expect(
      await applyFeedback(
        t.app.db,
        {
          target: { messageId: '00000000-0000-4000-8000-000000000000' },
          kind: 'complaint',
          source: 'ses',
          eventId: 'z',
        },
        options(),
      ),
    ).toEqual({ outcome: 'no_match' });
  });

  it('a complaint outranks an earlier unsubscribe in the suppression list', async () => {
    const { messages } = await deliveredCampaign(['both@example.org'], new Date());
    const message = messages[0]!;
    await applyFeedback(
      t.app.db,
      { target: { token: message.token }, kind: 'unsubscribe', source: 'smtp', eventId: 'mailto' },
      options(),
    );
    await applyFeedback(
      t.app.db,
      { target: { token: message.token }, kind: 'complaint', source: 'smtp', eventId: 'c' },
      options(),
    );
    const rows = await t.app.db
      .selectFrom('suppressions')
      .select(['reason', 'scope'])
      .where('email_key', '=', 'both@example.org')
      .execute();
    expect(rows).toEqual([{ reason: 'complaint', scope: userId }]);
  });

  it('keeps at most the configured number of unmatched reports, dropping the oldest', async () => {
    for (let index = 0; index < 5; index++) {
      await keepInboundReport(
        t.app.db,
        {
          received_at: new Date(Date.UTC(2026, 10, 26, 12, index)).toISOString(),
          envelope_from: '',
          envelope_to: '[]',
          subject: `report ${index}`,
          kind: 'other',
          problem: 'unreadable',
          details: '{}',
          excerpt: '',
        },
        3,
      );
    }
    const kept = await t.app.db
      .selectFrom('inbound_reports')
      .select('subject')
      .orderBy('received_at')
      .execute();
    expect(kept.map((row) => row.subject)).toEqual(['report 2', 'report 3', 'report 4']);
  });

  it('accepts VERP recipients only at the From domain or the bounce domain of a message it sent', async () => {
    const { messages } = await deliveredCampaign(['v@example.org'], new Date());
    const token = messages[0]!.token;
    // insertTestCampaign sends from sender@example.test.
    expect(await acceptRecipient(t.app.db, `b+${token}@example.test`, null)).toEqual({
      kind: 'bounce',
      token,
    });
    expect(await acceptRecipient(t.app.db, `u+${token}@EXAMPLE.test`, null)).toEqual({
      kind: 'unsubscribe',
      token,
    });
    expect(await acceptRecipient(t.app.db, `b+${token}@bounce.example.net`, null)).toBeNull();
    expect(await acceptRecipient(t.app.db, `b+${token}@bounce.example.net`, 'bounce.example.net')).toEqual({
      kind: 'bounce',
      token,
    });
    expect(await acceptRecipient(t.app.db, 'postmaster@example.test', null)).toBeNull();
    expect(await acceptRecipient(t.app.db, 'postmaster@bounce.example.net', 'bounce.example.net')).toEqual({
      kind: 'postmaster',
    });
    expect(await acceptRecipient(t.app.db, `x+${token}@example.test`, null)).toBeNull();
  });
});

describe('reading reports', () => {
  it('reads the status, diagnostic and original of an RFC 3464 DSN', async () => {
    const report = await readReport(
      Buffer.from(
        rfc3464Dsn({
          to: 'b+token12345@example.test',
          recipient: 'gone@example.org',
          status: '5.1.1',
          diagnostic: '550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
          originalMessageId: '<0192f3a4-5b6c-7d8e-9f00-112233445566@example.test>',
        }),
      ),
      { nullSender: true },
    );
    expect(report).toMatchObject({
      kind: 'delivery_status',
      bounces: [
        {
          recipient: 'gone@example.org',
          reason: 'userunknown',
          decision: 'hard',
          bounceType: 'hard',
          status: '5.1.1',
          diagnostic: '550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
        },
      ],
      eventId: '<20261126133000.4F2A1B@mx.mailbox-provider.test>',
      originalMessageId: '<0192f3a4-5b6c-7d8e-9f00-112233445566@example.test>',
    });
    expect(messageIdFromHeader(report.originalMessageId)).toBe('0192f3a4-5b6c-7d8e-9f00-112233445566');
  });

  it('ignores a positive DSN and a not-spam feedback report', async () => {
    const delivered = await readReport(
      Buffer.from(
        rfc3464Dsn({
          to: 'b+token12345@example.test',
          recipient: 'ok@example.org',
          action: 'delivered',
          status: '2.0.0',
          diagnostic: '250 2.0.0 Ok: queued as 12345',
          originalMessageId: '<x@example.test>',
        }),
      ),
      { nullSender: true },
    );
    expect(delivered.bounces).toMatchObject([{ reason: 'delivered', decision: 'ignore' }]);
    const notSpam = await readReport(
      Buffer.from(
        rfc5965Arf({
          to: 'b+token12345@example.test',
          recipient: 'ok@example.org',
          originalMailFrom: 'b+token12345@example.test',
          originalMessageId: '<x@example.test>',
          feedbackType: 'not-spam',
        }),
      ),
      { nullSender: false },
    );
    expect(notSpam).toMatchObject({
      kind: 'feedback_report',
      bounces: [{ decision: 'ignore' }],
      originalMailFrom: 'b+token12345@example.test',
    });
  });

  it('does not take an ordinary letter for a bounce', async () => {
    const report = await readReport(
      Buffer.from(
        'From: friend@example.org\r\nSubject: Re: our meeting at 5.1.1 street\r\n\r\nSee you at 4.2.0 pm.\r\n',
      ),
      { nullSender: false },
    );
    expect(report).toMatchObject({ kind: 'other', bounces: [] });
  });
});

describe(`the bounces migration (${engine})`, () => {
  it('keeps the suppressions it rebuilds and finds the campaign each came from', async () => {
    const database = await createTestDatabase();
    const db = createDb(database.config);
    try {
      await migrateTo(db, '2026-11-26-0100-reply-to');
      const at = new Date().toISOString();
      await db
        .insertInto('users')
        .values({
          ...{ id: 'u1', username: 'u1', email: 'u1@example.com', organization: null, password_hash: '-' },
          ...{ role: 'sender', is_active: 1, sender_name: null, created_at: at, updated_at: at },
        } as never)
        .execute();
      await db
        .insertInto('campaigns')
        .values({
          ...{
            id: 'c1',
            user_id: 'u1',
            subject: 's',
            html: 'h',
            template_id: null,
            from_email: 'u1@example.com',
          },
          ...{ sender_name: 'U', source_type: 'rows', source_ref: null, survey: null, attachments: '{}' },
          ...{ missing_attachments: null, language: 'en', status: 'completed', recipients_count: 1 },
          ...{ created_at: at, updated_at: at },
        } as never)
        .execute();
      await db
        .insertInto('messages')
        .values({
          ...{
            id: 'm1',
            campaign_id: 'c1',
            seq: 1,
            email: 'a@example.org',
            email_key: 'a@example.org',
            name: '',
          },
          ...{ variables: '{}', status: 'failed', next_attempt_at: at, charged: 0, token: 'tok-m1-aaaaaaaa' },
          ...{ created_at: at, updated_at: at },
        } as never)
        .execute();
      await db
        .insertInto('suppressions')
        .values([
          {
            id: 's1',
            scope: '*',
            email_key: 'a@example.org',
            reason: 'hard_bounce',
            message_id: 'm1',
            created_at: at,
          },
          {
            id: 's2',
            scope: 'u1',
            email_key: 'b@example.org',
            reason: 'unsubscribed',
            message_id: null,
            created_at: at,
          },
        ] as never)
        .execute();
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('suppressions')
        .select(['id', 'scope', 'reason', 'campaign_id'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 's1', scope: '*', reason: 'hard_bounce', campaign_id: 'c1' },
        { id: 's2', scope: 'u1', reason: 'unsubscribed', campaign_id: null },
      ]);
      const message = await db
        .selectFrom('messages')
        .select(['soft_bounce_count', 'bounced_at'])
        .executeTakeFirstOrThrow();
      expect(message).toEqual({ soft_bounce_count: 0, bounced_at: null });
      // The new reasons are allowed, anything else still refused.
      await db
        .insertInto('suppressions')
        .values({
          id: 's3',
          scope: 'u1',
          email_key: 'c@example.org',
          reason: 'manual',
          message_id: null,
          campaign_id: null,
          created_at: at,
        })
        .execute();
      await expect(
        db
          .insertInto('suppressions')
          .values({
            id: 's4',
            scope: 'u1',
            email_key: 'd@example.org',
            reason: 'whatever' as never,
            message_id: null,
            campaign_id: null,
            created_at: at,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
      await database.cleanup();
    }
  });
});
