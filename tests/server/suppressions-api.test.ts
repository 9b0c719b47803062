import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { suppressionEndpoints as api, type Suppression } from '../../contract/suppressions.contract.ts';
import { applyFeedback } from '../../server/mail/feedback/feedback.service.ts';
import { keepInboundReport } from '../../server/mail/feedback/inbound-reports.repository.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

type Page = { count: number; results: Suppression[] };

/** GET/POST/DELETE /api/suppressions/ and its export: each sender its own, administrators everyone's. */
describe(`the suppression list API (${engine})`, () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  const send = sendApi(() => t);

  const call = (who: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });
  const list = async (who: Session, query = '') =>
    (await call(who, 'GET', `${pathOf(api.list)}${query}`)).json<Page>();

  beforeAll(async () => {
    t = await createTestApp();
    alice = await send.session();
    bob = await send.session();
    admin = await send.session('admin');
  });
  afterAll(() => t.close());

  it('adds addresses by hand to the caller’s own list, once each, and refuses invalid ones', async () => {
    const added = await call(alice, 'POST', pathOf(api.add), {
      emails: ['Manual.One@Example.org', 'manual.two@example.org', 'manual.one@example.org'],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ added: 2 });
    expect(
      (await call(alice, 'POST', pathOf(api.add), { emails: ['manual.two@example.org'] })).json(),
    ).toEqual({
      added: 0,
    });
    const invalid = await call(alice, 'POST', pathOf(api.add), { emails: ['not an address'] });
    expect(invalid.statusCode).toBe(400);
    expect((await call(alice, 'POST', pathOf(api.add), { emails: [] })).statusCode).toBe(400);
  });

  it('lists with search, reason filter, ordering and the source campaign', async () => {
    const campaignId = await insertTestCampaign(t.app.db, {
      userId: alice.id,
      subject: 'Spring offers',
      recipients: [{ email: 'spam-reporter@example.org' }],
    });
    const [message] = await messagesOf(t.app.db, campaignId);
    await applyFeedback(
      t.app.db,
      { target: { messageId: message!.id }, kind: 'complaint', source: 'smtp', eventId: 'list-1' },
      { pausePercent: 5, pauseAfter: 500, now: new Date() },
    );

    const all = await list(alice, '?ordering=email');
    expect(all.count).toBe(3);
    expect(all.results.map((row) => [row.email, row.reason])).toEqual([
      ['manual.one@example.org', 'manual'],
      ['manual.two@example.org', 'manual'],
      ['spam-reporter@example.org', 'complaint'],
    ]);
    const complaint = all.results[2]!;
    expect(complaint).toMatchObject({
      campaign_id: campaignId,
      campaign_subject: 'Spring offers',
      user_id: alice.id,
    });

    expect((await list(alice, '?reason=complaint')).results.map((row) => row.email)).toEqual([
      'spam-reporter@example.org',
    ]);
    expect((await list(alice, '?search=TWO')).results.map((row) => row.email)).toEqual([
      'manual.two@example.org',
    ]);
    expect((await list(alice, '?search=%25')).count).toBe(0);
    expect(
      (await list(alice, '?page_size=1&page=2&ordering=-email')).results.map((row) => row.email),
    ).toEqual(['manual.two@example.org']);
  });

  it('shows each sender only its own rows and administrators everyone’s', async () => {
    expect((await list(bob)).count).toBe(0);
    await call(bob, 'POST', pathOf(api.add), { emails: ['bob-only@example.org'] });
    expect((await list(bob)).results.map((row) => row.email)).toEqual(['bob-only@example.org']);
    const everyone = await list(admin, '?ordering=email&page_size=100');
    expect(everyone.results.map((row) => row.email)).toEqual(
      expect.arrayContaining(['bob-only@example.org', 'manual.one@example.org', 'spam-reporter@example.org']),
    );
    expect(everyone.results.find((row) => row.email === 'bob-only@example.org')?.username).toBeTruthy();
  });

  it('removes one row of the caller’s; another sender’s is not found', async () => {
    const row = (await list(alice, '?search=manual.one')).results[0]!;
    expect((await call(bob, 'DELETE', pathOf(api.remove, { id: row.id }))).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', pathOf(api.remove, { id: row.id }))).statusCode).toBe(204);
    expect((await list(alice, '?search=manual.one')).count).toBe(0);
  });

  it('blocks a hand-added address at the next send', async () => {
    const response = await send.send(
      alice,
      send.body(alice, {
        source: {
          type: 'rows',
          rows: [
            { email: 'manual.two@example.org', name: 'Two' },
            { email: 'welcome@example.org', name: 'Welcome' },
          ],
        },
      } as never),
    );
    expect(response.statusCode).toBe(201);
    const rows = await messagesOf(t.app.db, response.json<{ id: string }>().id);
    expect(rows.map((row) => [row.email, row.status, row.blocked_reason])).toEqual([
      ['manual.two@example.org', 'blocked', 'manual'],
      ['welcome@example.org', 'queued', null],
    ]);
  });

  it('exports the list as CSV and XLSX with translated headers and reasons', async () => {
    const csv = await call(alice, 'GET', `${pathOf(api.export)}?format=csv&language=en`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('suppressions.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('E-mail,Reason,Source campaign,Since');
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^manual\.two@example\.org,Added by hand,,/),
      expect.stringMatching(/^spam-reporter@example\.org,Spam complaint,Spring offers,/),
    ]);
    const arabic = await call(alice, 'GET', `${pathOf(api.export)}?format=csv&language=ar&reason=complaint`);
    expect(arabic.body).toContain('شكوى رسائل مزعجة');
    expect(arabic.body).not.toContain('manual.two');
    const xlsx = await call(alice, 'GET', `${pathOf(api.export)}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lets administrators, and only them, read the reports nobody could match', async () => {
    await keepInboundReport(
      t.app.db,
      {
        received_at: new Date().toISOString(),
        envelope_from: '',
        envelope_to: JSON.stringify(['postmaster@bounces.example.test']),
        subject: 'Undelivered Mail Returned to Sender',
        kind: 'delivery_status',
        problem: 'no_match',
        details: JSON.stringify({ recipient: 'stranger@example.org' }),
        excerpt: 'Final-Recipient: rfc822; stranger@example.org',
      },
      1000,
    );
    expect((await call(alice, 'GET', pathOf(api.inboundReports))).statusCode).toBe(403);
    const page = await call(admin, 'GET', pathOf(api.inboundReports));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      count: 1,
      results: [
        {
          envelope_to: ['postmaster@bounces.example.test'],
          kind: 'delivery_status',
          problem: 'no_match',
          details: { recipient: 'stranger@example.org' },
        },
      ],
    });
    const found = await call(admin, 'GET', `${pathOf(api.inboundReports)}?search=POSTMASTER`);
    expect(found.json()).toMatchObject({ count: 1 });
    const none = await call(admin, 'GET', `${pathOf(api.inboundReports)}?search=nothing-like-it`);
    expect(none.json()).toMatchObject({ count: 0, results: [] });
  });
});
