import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFeedback, type FeedbackEvent } from '../../server/mail/feedback/feedback.service.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** Soft and sender-side bounces raise their own webhook events; message.bounced stays hard-only. */
describe(`bounce webhook events by type (${engine})`, () => {
  let t: TestApp;
  let userId: string;
  const options = { pausePercent: 100, pauseAfter: 1000, now: new Date() };

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await t.createUser({ role: 'sender' })).id;
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'wh-soft',
        user_id: userId,
        url: 'https://hooks.example.org/in',
        events: JSON.stringify(['message.bounced', 'message.soft_bounced', 'message.sender_failure']),
        secret: 'whsec_test',
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  afterAll(() => t.close());

  const events = async () =>
    (
      await t.app.db
        .selectFrom('webhook_events')
        .select(['type', 'payload'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => ({
      type: row.type,
      data: (JSON.parse(row.payload) as { data: Record<string, unknown> }).data,
    }));

  it('raises message.soft_bounced, message.sender_failure and message.bounced with type and reason', async () => {
    const campaignId = await insertTestCampaign(t.app.db, {
      userId,
      recipients: [
        { email: 'full@example.org' },
        { email: 'dmarc@example.org' },
        { email: 'gone@example.org' },
      ],
    });
    const [full, dmarc, gone] = await messagesOf(t.app.db, campaignId);
    const apply = (message: { id: string }, eventId: string, report: Partial<FeedbackEvent>) =>
      applyFeedback(
        t.app.db,
        { target: { messageId: message.id }, kind: 'soft_bounce', source: 'smtp', eventId, ...report },
        options,
      );
    await apply(full!, 'e1', { status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' });
    await apply(dmarc!, 'e2', {
      kind: 'hard_bounce',
      status: '5.7.1',
      diagnostic: "550 5.7.1 Unauthenticated email is not accepted due to domain's DMARC policy",
    });
    await apply(gone!, 'e3', { kind: 'hard_bounce', status: '5.1.1', diagnostic: '550 5.1.1 User unknown' });
    // The same report again raises nothing more.
    await apply(full!, 'e1', { status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' });

    const raised = await events();
    expect(raised.map((event) => event.type)).toEqual([
      'message.soft_bounced',
      'message.sender_failure',
      'message.bounced',
    ]);
    expect(raised[0]!.data).toMatchObject({
      message_id: full!.id,
      campaign_id: campaignId,
      email: 'full@example.org',
      bounce_type: 'soft',
      bounce_reason: 'mailboxfull',
      soft_bounce_count: 1,
      source: 'smtp',
    });
    expect(raised[1]!.data).toMatchObject({ bounce_type: 'sender', bounce_reason: 'authfailure' });
    expect(raised[2]!.data).toMatchObject({ bounce_type: 'hard', bounce_reason: 'userunknown' });
  });

  it('raises no soft event for a message that already bounced hard', async () => {
    const campaignId = await insertTestCampaign(t.app.db, {
      userId,
      recipients: [{ email: 'x@example.org' }],
    });
    const [message] = await messagesOf(t.app.db, campaignId);
    const before = (await events()).length;
    const base = { target: { messageId: message!.id }, source: 'smtp' as const };
    await applyFeedback(
      t.app.db,
      { ...base, kind: 'hard_bounce', eventId: 'h1', reason: 'userunknown', bounceType: 'hard' },
      options,
    );
    await applyFeedback(
      t.app.db,
      { ...base, kind: 'soft_bounce', eventId: 's1', reason: 'mailboxfull', bounceType: 'soft' },
      options,
    );
    expect((await events()).slice(before).map((event) => event.type)).toEqual(['message.bounced']);
  });
});
