import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { logEndpoints as api } from '../../contract/logs.contract.ts';
import { applyFeedback, type FeedbackEvent } from '../../server/mail/feedback/feedback.service.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** A campaign's bounces counted by type and reason in its log entry (issue 32), for its owner only. */
describe(`the campaign log's bounces by reason (${engine})`, () => {
  let t: TestApp;
  let owner: Session;
  let stranger: Session;
  let admin: Session;
  let campaignId: string;
  const send = sendApi(() => t);
  const detail = (who: Session, id: string) =>
    t.app.inject({ method: 'GET', url: `/api${pathOf(api.get, { id })}`, headers: bearer(who.access) });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger, admin] = await Promise.all([send.session(), send.session(), send.session('admin')]);
    campaignId = await insertTestCampaign(t.app.db, {
      userId: owner.id,
      recipients: Array.from({ length: 6 }, (_, i) => ({ email: `r${i}@example.org` })),
    });
    const messages = await messagesOf(t.app.db, campaignId);
    await t.app.db
      .updateTable('messages')
      .set({ status: 'sent' })
      .where('campaign_id', '=', campaignId)
      .execute();
    // Two addresses unknown, one mailbox full, two refused for the sender's DMARC; one message clean.
    const reports: Array<Pick<FeedbackEvent, 'kind' | 'reason' | 'bounceType'>> = [
      { kind: 'hard_bounce', reason: 'userunknown', bounceType: 'hard' },
      { kind: 'hard_bounce', reason: 'userunknown', bounceType: 'hard' },
      { kind: 'soft_bounce', reason: 'mailboxfull', bounceType: 'soft' },
      { kind: 'soft_bounce', reason: 'authfailure', bounceType: 'sender' },
      { kind: 'soft_bounce', reason: 'authfailure', bounceType: 'sender' },
    ];
    for (const [index, report] of reports.entries())
      await applyFeedback(
        t.app.db,
        { ...report, target: { messageId: messages[index]!.id }, source: 'smtp', eventId: `b-${index}` },
        { pausePercent: 100, pauseAfter: 1000, now: new Date() },
      );
  });
  afterAll(() => t.close());

  it('counts the bounces per type and per reason, most frequent first', async () => {
    const response = await detail(owner, campaignId);
    expect(response.statusCode).toBe(200);
    expect(response.json().bounces).toEqual({
      hard: 2,
      soft: 1,
      sender: 2,
      reasons: [
        { bounce_type: 'sender', reason: 'authfailure', count: 2 },
        { bounce_type: 'hard', reason: 'userunknown', count: 2 },
        { bounce_type: 'soft', reason: 'mailboxfull', count: 1 },
      ],
    });
  });

  it('answers another sender 404 for the campaign, an administrator the same figures', async () => {
    expect((await detail(stranger, campaignId)).statusCode).toBe(404);
    expect((await detail(admin, campaignId)).json().bounces.hard).toBe(2);
  });

  it('counts nothing for a campaign without bounces', async () => {
    const quiet = await insertTestCampaign(t.app.db, {
      userId: owner.id,
      recipients: [{ email: 'q@example.org' }],
    });
    expect((await detail(owner, quiet)).json().bounces).toEqual({ hard: 0, soft: 0, sender: 0, reasons: [] });
  });
});
