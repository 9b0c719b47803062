import type { LoginResponse } from '../../contract/auth.contract.ts';
import { insertList } from './helpers/sending.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`the e-mail log (${engine})`, () => {
  let t: TestApp;
  let sender: LoginResponse;
  let other: LoginResponse;
  let admin: LoginResponse;
  let campaignId: string;
  const tag = Math.random().toString(36).slice(2, 8);

  const get = (who: LoginResponse, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(who.access) });

  beforeAll(async () => {
    t = await createTestApp();
    [sender, other, admin] = await Promise.all([
      t.signInAs('sender'),
      t.signInAs('sender'),
      t.signInAs('admin'),
    ]);
    const list = await insertList(
      t.app.db,
      sender.user.id,
      Array.from({ length: 6 }, (_, i) => ({ email: `m${i}@example.com`, name: `Person ${i}` })),
    );
    const send = (who: LoginResponse, subject: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/send/',
        headers: bearer(who.access),
        payload: { subject, html: '<p>x</p>', from_email: who.user.email, sender_name: 'n', ...payload },
      });
    const accepted = await send(sender, `Offer ${tag}`, {
      source: { type: 'lists', ids: [list] },
      survey: { type: 'yes_no', question: 'Coming?' },
    });
    campaignId = accepted.json().id;
    await send(sender, `Other ${tag}`, { source: { type: 'single', recipient: { email: 'z@example.com' } } });
    await send(other, `Foreign ${tag}`, {
      source: { type: 'single', recipient: { email: 'z@example.com' } },
    });

    // What the dispatcher and the public endpoints record as the campaign goes.
    const db = t.app.db;
    const set = (seq: number, values: Record<string, unknown>) =>
      db
        .updateTable('messages')
        .set(values)
        .where('campaign_id', '=', campaignId)
        .where('seq', '=', seq)
        .execute();
    await set(1, {
      status: 'sent',
      sent_at: '2026-11-24T09:10:00.000Z',
      opened_at: '2026-11-24T10:05:00.000Z',
      open_count: 2,
      survey_answer: 'yes',
      last_checked_at: '2026-11-24T10:06:00.000Z',
    });
    await set(2, {
      status: 'sent',
      sent_at: '2026-11-24T09:20:00.000Z',
      opened_at: '2026-11-24T09:30:00.000Z',
      open_count: 1,
      survey_answer: 'no',
    });
    await set(3, { status: 'sent', sent_at: '2026-11-24T10:01:00.000Z', possible_duplicate: 1 });
    await set(4, {
      status: 'failed',
      failed_at: '2026-11-24T10:02:00.000Z',
      smtp_response: '550 no such user',
      attempts: 1,
    });
    await set(5, { status: 'blocked', blocked_reason: 'unsubscribed' });
    await set(6, {
      status: 'sent',
      sent_at: '2026-11-24T10:03:00.000Z',
      custom_answers: JSON.stringify([{ question: 'Why?', answer: 'Because' }]),
    });
  });
  afterAll(() => t.close());

  it('lists a sender its own campaigns with per-status figures; administrators see all', async () => {
    const mine = await get(sender, `/logs/email/?search=${tag}`);
    expect(mine.json().count).toBe(2);
    const offer = mine.json().results.find((row: { id: string }) => row.id === campaignId);
    expect(offer).toMatchObject({
      subject: `Offer ${tag}`,
      username: sender.user.username,
      status: 'sending',
      recipients_count: 6,
      counts: { sent: 4, failed: 1, blocked: 1, queued: 0, opened: 2, possible_duplicates: 1 },
    });
    const searched = await get(sender, `/logs/email/?search=offer%20${tag}&page_size=1`);
    expect(searched.json()).toMatchObject({ count: 1, results: [{ id: campaignId }] });
    expect((await get(other, `/logs/email/?search=${tag}`)).json().count).toBe(1);
    expect((await get(admin, `/logs/email/?search=${tag}`)).json().count).toBe(3);
    expect((await get(sender, `/logs/email/?search=${tag}&status=completed`)).json().count).toBe(0);
  });

  it('shows one campaign with its content and survey, never another sender its id', async () => {
    const detail = await get(sender, `/logs/email/${campaignId}/`);
    expect(detail.json()).toMatchObject({
      id: campaignId,
      html: '<p>x</p>',
      survey: { type: 'yes_no', question: 'Coming?' },
    });
    expect((await get(other, `/logs/email/${campaignId}/`)).statusCode).toBe(404);
    expect((await get(other, `/logs/email/${campaignId}/messages/`)).statusCode).toBe(404);
    expect((await get(other, `/logs/email/${campaignId}/timeline/`)).statusCode).toBe(404);
    expect((await get(sender, '/logs/email/not-a-campaign/')).statusCode).toBe(404);
    expect((await get(admin, `/logs/email/${campaignId}/`)).statusCode).toBe(200);
  });

  it('pages the messages one row per recipient with status, answer and search filters', async () => {
    const all = await get(sender, `/logs/email/${campaignId}/messages/?page_size=4`);
    expect(all.json().count).toBe(6);
    expect(all.json().results).toHaveLength(4);
    expect(all.json().results[0]).toMatchObject({
      seq: 1,
      email: 'm0@example.com',
      name: 'Person 0',
      status: 'sent',
      open_count: 2,
      survey_question: 'Coming?',
      survey_answer: 'yes',
      last_checked_at: '2026-11-24T10:06:00.000Z',
      possible_duplicate: false,
    });
    const page2 = await get(sender, `/logs/email/${campaignId}/messages/?page_size=4&page=2`);
    expect(page2.json().results.map((row: { seq: number }) => row.seq)).toEqual([5, 6]);
    expect(page2.json().results[1].custom_answers).toEqual([{ question: 'Why?', answer: 'Because' }]);

    const failed = await get(sender, `/logs/email/${campaignId}/messages/?status=failed`);
    expect(failed.json()).toMatchObject({
      count: 1,
      results: [{ smtp_response: '550 no such user', attempts: 1 }],
    });
    const yes = await get(sender, `/logs/email/${campaignId}/messages/?answer=yes`);
    expect(yes.json().results.map((row: { email: string }) => row.email)).toEqual(['m0@example.com']);
    expect((await get(sender, `/logs/email/${campaignId}/messages/?answer=answered`)).json().count).toBe(3);
    expect((await get(sender, `/logs/email/${campaignId}/messages/?answer=unanswered`)).json().count).toBe(3);
    const found = await get(sender, `/logs/email/${campaignId}/messages/?search=PERSON%203`);
    expect(found.json()).toMatchObject({
      count: 1,
      results: [{ email: 'm3@example.com', status: 'failed' }],
    });
    expect((await get(sender, `/logs/email/${campaignId}/messages/?status=nope`)).statusCode).toBe(400);
  });

  it('buckets deliveries and opens over time and counts the answers', async () => {
    const hourly = await get(sender, `/logs/email/${campaignId}/timeline/?bucket=hour`);
    expect(hourly.json()).toEqual({
      bucket: 'hour',
      deliveries: [
        { at: '2026-11-24T09:00:00.000Z', count: 2 },
        { at: '2026-11-24T10:00:00.000Z', count: 2 },
      ],
      failures: [{ at: '2026-11-24T10:00:00.000Z', count: 1 }],
      opens: [
        { at: '2026-11-24T09:00:00.000Z', count: 1 },
        { at: '2026-11-24T10:00:00.000Z', count: 1 },
      ],
      machine_opens: [],
      clicks: [],
      answers: [
        { answer: 'no', count: 1 },
        { answer: 'yes', count: 1 },
      ],
      custom_answered: 1,
      bounces: [],
      complaints: [],
    });
    const daily = await get(sender, `/logs/email/${campaignId}/timeline/?bucket=day`);
    expect(daily.json().deliveries).toEqual([{ at: '2026-11-24T00:00:00.000Z', count: 4 }]);
  });
});
