import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { suppressionEndpoints as api, type Suppression } from '../../contract/suppressions.contract.ts';
import { up as reclassify } from '../../server/db/migrations/2026-12-01-0330-suppression-bounce-reasons.ts';
import { applyFeedback, suppressForSender } from '../../server/mail/feedback/feedback.service.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

type Page = { count: number; results: Suppression[] };

/** Finding bounce suppressions by reason and campaign, and releasing them at once (issue 32). */
describe(`suppressions by bounce reason and their release (${engine})`, () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let first: string;
  let second: string;
  let bobs: string;
  const send = sendApi(() => t);
  const call = (who: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });
  const list = async (who: Session, query: string) =>
    (await call(who, 'GET', `${pathOf(api.list)}${query}`)).json<Page>();
  const release = (who: Session, body: object) => call(who, 'POST', pathOf(api.release), body);
  const options = { pausePercent: 100, pauseAfter: 1000, now: new Date() };

  /** A campaign of `emails`, each bounced hard with `reason` (as the classifier would name it). */
  async function bounced(owner: Session, emails: string[], reason: 'userunknown' | 'authfailure') {
    const id = await insertTestCampaign(t.app.db, {
      userId: owner.id,
      recipients: emails.map((email) => ({ email })),
    });
    for (const [index, message] of (await messagesOf(t.app.db, id)).entries())
      await applyFeedback(
        t.app.db,
        {
          target: { messageId: message.id },
          kind: 'hard_bounce',
          reason,
          bounceType: reason === 'userunknown' ? 'hard' : 'sender',
          source: 'smtp',
          eventId: `${id}-${index}`,
        },
        options,
      );
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([send.session(), send.session()]);
    first = await bounced(alice, ['gone@example.org', 'left@example.org'], 'userunknown');
    // A sender-side reason suppresses nothing by itself today: such rows come from earlier
    // versions (a DMARC refusal taken for a hard bounce); written here the way they were.
    second = await insertTestCampaign(t.app.db, {
      userId: alice.id,
      recipients: [{ email: 'dmarc1@example.org' }, { email: 'dmarc2@example.org' }],
    });
    for (const message of await messagesOf(t.app.db, second))
      await suppressForSender(t.app.db, {
        scope: alice.id,
        emailKey: message.email_key,
        reason: 'hard_bounce',
        messageId: message.id,
        campaignId: second,
        bounceReason: 'authfailure',
        at: new Date().toISOString(),
      });
    await call(alice, 'POST', pathOf(api.add), { emails: ['byhand@example.org'] });
    bobs = await insertTestCampaign(t.app.db, {
      userId: bob.id,
      recipients: [{ email: 'dmarc1@example.org' }],
    });
    const [bobMessage] = await messagesOf(t.app.db, bobs);
    await suppressForSender(t.app.db, {
      scope: bob.id,
      emailKey: 'dmarc1@example.org',
      reason: 'hard_bounce',
      messageId: bobMessage!.id,
      campaignId: bobs,
      bounceReason: 'authfailure',
      at: new Date().toISOString(),
    });
  });
  afterAll(() => t.close());

  it('filters by bounce reason and by source campaign, and refuses unknown values', async () => {
    const auth = await list(alice, '?bounce_reason=authfailure&ordering=email');
    expect(auth.results.map((row) => [row.email, row.bounce_reason])).toEqual([
      ['dmarc1@example.org', 'authfailure'],
      ['dmarc2@example.org', 'authfailure'],
    ]);
    expect((await list(alice, `?campaign_id=${first}`)).count).toBe(2);
    expect((await list(alice, `?campaign_id=${first}&bounce_reason=authfailure`)).count).toBe(0);
    // Another sender's campaign shows none of its rows to alice.
    expect((await list(alice, `?campaign_id=${bobs}`)).count).toBe(0);
    expect((await call(alice, 'GET', `${pathOf(api.list)}?bounce_reason=nonsense`)).statusCode).toBe(400);
    expect((await call(alice, 'GET', `${pathOf(api.list)}?campaign_id=${'x'.repeat(65)}`)).statusCode).toBe(
      400,
    );
  });

  it('releases every matching bounce of the caller’s own at once, and says how many', async () => {
    const released = await release(alice, { bounce_reason: 'authfailure' });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ released: 2 });
    expect((await list(alice, '?bounce_reason=authfailure')).count).toBe(0);
    // Bob's row with the same reason and address is untouched; so are alice's other rows.
    expect((await list(bob, '?bounce_reason=authfailure')).count).toBe(1);
    expect((await list(alice, '')).count).toBe(3);
    // Naming another sender's campaign releases nothing of theirs.
    expect((await release(alice, { campaign_id: bobs })).json()).toEqual({ released: 0 });
    expect((await list(bob, '')).count).toBe(1);
  });

  it('never releases unsubscribes, complaints or hand-added rows, and needs a reason or a campaign', async () => {
    const noFilter = await release(alice, {});
    expect(noFilter.statusCode).toBe(400);
    expect((await release(alice, { reason: 'manual', campaign_id: first })).statusCode).toBe(400);
    expect((await release(alice, { bounce_reason: 'nonsense' })).statusCode).toBe(400);
    expect((await release(alice, { campaign_id: first, extra: 1 })).statusCode).toBe(400);
    // The campaign's two hard bounces go; the address added by hand stays.
    expect((await release(alice, { campaign_id: first })).json()).toEqual({ released: 2 });
    expect((await list(alice, '')).results.map((row) => row.reason)).toEqual(['manual']);
  });

  it('reads the reason of suppressions written before reasons were kept, once', async () => {
    const old = await insertTestCampaign(t.app.db, {
      userId: alice.id,
      recipients: [{ email: 'old-dmarc@example.org' }, { email: 'old-gone@example.org' }],
    });
    const [dmarc, gone] = await messagesOf(t.app.db, old);
    const stored = [
      [
        dmarc!,
        '5.7.1',
        "550 5.7.1 Unauthenticated email from example.test is not accepted due to domain's DMARC policy",
      ],
      [gone!, '5.1.1', '550 5.1.1 <old-gone@example.org>: Recipient address rejected: User unknown'],
    ] as const;
    for (const [message, code, diagnostic] of stored) {
      await t.app.db
        .updateTable('messages')
        .set({
          status: 'sent',
          bounced_at: new Date().toISOString(),
          bounce_code: code,
          bounce_diagnostic: diagnostic,
        })
        .where('id', '=', message.id)
        .execute();
      await suppressForSender(t.app.db, {
        scope: alice.id,
        emailKey: message.email_key,
        reason: 'hard_bounce',
        messageId: message.id,
        campaignId: old,
        at: new Date().toISOString(),
      });
    }
    await reclassify(t.app.db);
    const rows = (await list(alice, `?campaign_id=${old}&ordering=email`)).results;
    expect(rows.map((row) => [row.email, row.bounce_reason])).toEqual([
      ['old-dmarc@example.org', 'authfailure'],
      ['old-gone@example.org', 'userunknown'],
    ]);
  });
});
