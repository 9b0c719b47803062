import type { LoginResponse } from '../../contract/auth.contract.ts';
import { utcTrendStart } from '../../server/modules/logs/logs-trend.repository.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** The overview's 30-day trend: sent, opened and answered per day of the sender (issue 22). */
describe(`overview trend (${engine})`, () => {
  let t: TestApp;
  let sender: LoginResponse;
  let other: LoginResponse;
  let admin: LoginResponse;
  // Local midnight of 1 October 2020 at UTC+3: days far from any other test's messages.
  const start = encodeURIComponent('2020-10-01T00:00:00+03:00');
  const url = `/api/logs/trend/?start=${start}&utc_offset=180`;

  const get = (who: LoginResponse, address: string) =>
    t.app.inject({ method: 'GET', url: address, headers: bearer(who.access) });

  /** One campaign of `owner` whose messages carry the given times. */
  async function campaignWith(
    owner: LoginResponse,
    rows: { sent_at?: string; opened_at?: string; answered_at?: string }[],
  ) {
    const id = await insertTestCampaign(t.app.db, {
      userId: owner.user.id,
      status: 'completed',
      recipients: rows.map((_, index) => ({ email: `trend-${index}-${Math.random()}@example.test` })),
    });
    const messages = await messagesOf(t.app.db, id);
    await Promise.all(
      rows.map((times, index) =>
        t.app.db
          .updateTable('messages')
          .set({ status: 'sent', ...times })
          .where('id', '=', messages[index]!.id)
          .execute(),
      ),
    );
    return messages;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [sender, other, admin] = await Promise.all([
      t.signInAs('sender'),
      t.signInAs('sender'),
      t.signInAs('admin'),
    ]);
    await campaignWith(sender, [
      // 23:59 local on 1 October, and midnight local of 2 October.
      { sent_at: '2020-10-01T20:59:00.000Z', opened_at: '2020-10-01T21:00:00.000Z' },
      {
        sent_at: '2020-10-01T21:00:00.000Z',
        opened_at: '2020-10-02T05:00:00.000Z',
        answered_at: '2020-10-02T06:00:00.000Z',
      },
      // Before the first day and after the last: not counted.
      { sent_at: '2020-09-30T20:59:59.000Z', opened_at: '2020-10-30T21:00:00.000Z' },
      // The last day (30 October local).
      { sent_at: '2020-10-30T20:00:00.000Z', answered_at: '2020-10-30T20:59:59.999Z' },
    ]);
    await campaignWith(other, [
      { sent_at: '2020-10-05T10:00:00.000Z', opened_at: '2020-10-05T11:00:00.000Z' },
    ]);
  });
  afterAll(() => t.close());

  it('counts the sender’s own sent, opened and answered messages per local day for 30 days', async () => {
    const response = await get(sender, url);
    expect(response.statusCode).toBe(200);
    const { days } = response.json<{
      days: { date: string; sent: number; opened: number; answered: number }[];
    }>();
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2020-10-01', sent: 1, opened: 0, answered: 0 });
    expect(days[1]).toEqual({ date: '2020-10-02', sent: 1, opened: 2, answered: 1 });
    expect(days[29]).toEqual({ date: '2020-10-30', sent: 1, opened: 0, answered: 1 });
    // The other sender's 5 October is not theirs to see.
    expect(days[4]).toEqual({ date: '2020-10-05', sent: 0, opened: 0, answered: 0 });
    const totals = days.reduce((sum, day) => sum + day.sent + day.opened + day.answered, 0);
    expect(totals).toBe(7);
  });

  it('shows an administrator every sender’s campaigns', async () => {
    const { days } = (await get(admin, url)).json<{ days: { sent: number; opened: number }[] }>();
    expect(days[4]).toMatchObject({ sent: 1, opened: 1 });
    expect(days[1]).toMatchObject({ sent: 1, opened: 2 });
  });

  it('refuses a malformed start or offset and asks for a session', async () => {
    expect((await get(sender, '/api/logs/trend/?start=yesterday')).statusCode).toBe(400);
    expect((await get(sender, `/api/logs/trend/?start=${start}&utc_offset=9999`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('takes 30 UTC days ending today without a start', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const { days } = (await get(sender, '/api/logs/trend/')).json<{ days: { date: string }[] }>();
    const after = new Date().toISOString().slice(0, 10);
    expect(days).toHaveLength(30);
    // Today, on whichever side of midnight the request fell.
    expect([before, after]).toContain(days[29]!.date);
    expect(utcTrendStart(new Date('2026-11-26T15:00:00.000Z'))).toBe('2026-10-28T00:00:00.000Z');
  });

  it('keeps when a survey was answered', async () => {
    const [message] = await campaignWith(sender, [{ sent_at: '2020-01-01T00:00:00.000Z' }]);
    await t.app.db
      .updateTable('campaigns')
      .set({ survey: JSON.stringify({ type: 'yes_no', question: 'Q?' }) })
      .where('id', '=', message!.campaign_id)
      .execute();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/public/m/${message!.token}/answer`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'value=yes',
    });
    expect(answer.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('messages')
      .select(['answered_at', 'survey_answer'])
      .where('id', '=', message!.id)
      .executeTakeFirstOrThrow();
    expect(row.survey_answer).toBe('yes');
    expect(row.answered_at).not.toBeNull();
  });
});
