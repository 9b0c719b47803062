import * as XLSX from 'xlsx';
import type { LoginResponse } from '../../contract/auth.contract.ts';
import { utcPeriodStarts } from '../../server/modules/logs/logs-summary.repository.ts';
import { insertList } from './helpers/sending.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** The e-mail log's file export and the overview's figures (issue 10). */
describe(`e-mail log export and overview summary (${engine})`, () => {
  let t: TestApp;
  let sender: LoginResponse;
  let other: LoginResponse;
  let campaignId: string;
  const tag = Math.random().toString(36).slice(2, 8);

  const get = (who: LoginResponse, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(who.access) });

  beforeAll(async () => {
    t = await createTestApp();
    [sender, other] = await Promise.all([t.signInAs('sender'), t.signInAs('sender')]);
    const list = await insertList(
      t.app.db,
      sender.user.id,
      Array.from({ length: 5 }, (_, i) => ({
        email: `r${i}@example.com`,
        name: i === 0 ? '=SUM(A1)' : `Person ${i}`,
      })),
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/send/',
      headers: bearer(sender.access),
      payload: {
        subject: `عرض ${tag}`,
        html: '<p>x</p>',
        from_email: sender.user.email,
        sender_name: 'n',
        source: { type: 'lists', ids: [list] },
        survey: { type: 'yes_no', question: 'Coming?' },
      },
    });
    campaignId = accepted.json().id;
    const set = (seq: number, values: Record<string, unknown>) =>
      t.app.db
        .updateTable('messages')
        .set(values)
        .where('campaign_id', '=', campaignId)
        .where('seq', '=', seq)
        .execute();
    // This week (from Monday 23 Nov), earlier this month, and last month.
    await set(1, {
      status: 'sent',
      sent_at: '2026-11-24T09:00:00.000Z',
      opened_at: '2026-11-24T10:00:00.000Z',
      open_count: 3,
      survey_answer: 'yes',
      last_checked_at: '2026-11-24T10:00:00.000Z',
    });
    await set(2, {
      status: 'sent',
      sent_at: '2026-11-10T09:00:00.000Z',
      opened_at: '2026-11-23T08:00:00.000Z',
      survey_answer: 'no',
    });
    await set(3, { status: 'sent', sent_at: '2026-10-30T09:00:00.000Z' });
    await set(4, {
      status: 'failed',
      failed_at: '2026-11-24T09:05:00.000Z',
      smtp_response: '550 no such user',
      custom_answers: JSON.stringify([{ question: 'Why?', answer: 'Because, "really"' }]),
    });
    await set(5, {
      status: 'blocked',
      blocked_reason: 'unsubscribed',
      updated_at: '2026-11-12T00:00:00.000Z',
    });
  });
  afterAll(() => t.close());

  it('exports every message of the campaign as CSV, header in the asked language, formulas defused', async () => {
    const response = await get(sender, `/logs/email/${campaignId}/export/?format=csv&language=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`عرض ${tag}.csv`)}`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Recipient e-mail,Name,Delivery,Blocked,Sent at,Opened at,Opens,Opens by machines,First clicked at,Clicks,Clicks by machines,Survey question,Survey answer,Custom questions and answers,Last checked at,Server answer,Bounce type,Bounce reason,Bounce code,Bounce diagnostic',
    );
    expect(lines[1]).toBe(
      "r0@example.com,'=SUM(A1),Delivered,,2026-11-24T09:00:00.000Z,2026-11-24T10:00:00.000Z,3,0,,0,0,Coming?,Yes,,2026-11-24T10:00:00.000Z,,,,,",
    );
    expect(lines[4]).toBe(
      'r3@example.com,Person 3,Failed,,,,0,0,,0,0,Coming?,,"Why?: Because, ""really""",,550 no such user,,,,',
    );
    expect(lines[5]).toContain('r4@example.com,Person 4,Blocked,Unsubscribed,');
    expect(lines).toHaveLength(6);
  });

  it('exports only the rows the filters keep, as XLSX in Arabic', async () => {
    const response = await get(
      sender,
      `/logs/email/${campaignId}/export/?format=xlsx&status=sent&answer=answered`,
    );
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]![0]).toBe('بريد المستلم');
    expect(rows.slice(1).map((row) => [row[0], row[2], row[12]])).toEqual([
      ['r0@example.com', 'تم التسليم', 'نعم'],
      ['r1@example.com', 'تم التسليم', 'لا'],
    ]);
    const searched = await get(sender, `/logs/email/${campaignId}/export/?search=person%204&language=en`);
    expect(searched.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('names the file after the campaign’s name when it has one (issue 22)', async () => {
    const name = (value: string | null) =>
      t.app.db.updateTable('campaigns').set({ name: value }).where('id', '=', campaignId).execute();
    await name(`شتاء ${tag}`);
    try {
      const response = await get(sender, `/logs/email/${campaignId}/export/?format=xlsx`);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(`شتاء ${tag}.xlsx`)}`,
      );
    } finally {
      await name(null);
    }
  });

  it('refuses another sender the export and a bad format', async () => {
    expect((await get(other, `/logs/email/${campaignId}/export/`)).statusCode).toBe(404);
    expect((await get(sender, `/logs/email/${campaignId}/export/?format=pdf`)).statusCode).toBe(400);
  });

  it('sums the sender’s own sent, opened and blocked messages from the given week and month starts', async () => {
    const week = encodeURIComponent('2026-11-23T00:00:00+03:00');
    const month = encodeURIComponent('2026-11-01T00:00:00+03:00');
    const response = await get(sender, `/logs/summary/?week_start=${week}&month_start=${month}`);
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary.week).toEqual({ sent: 1, opened: 2, blocked: 0, bounced: 0, complained: 0 });
    expect(summary.month).toEqual({ sent: 2, opened: 2, blocked: 1, bounced: 0, complained: 0 });
    const status = await get(sender, '/auth/user-status');
    expect(summary.balance).toBe(status.json().remaining_quota);
    expect(summary.quota - summary.used).toBe(summary.balance);
    expect(summary.used).toBe(status.json().used_quota);
    expect(summary.balance).toBeLessThan(100);
    expect(summary.recent).toHaveLength(1);
    expect(summary.recent[0]).toMatchObject({
      id: campaignId,
      subject: `عرض ${tag}`,
      counts: { sent: 3, failed: 1, blocked: 1, opened: 2 },
    });
  });

  it('shows another sender nothing of it, and refuses a malformed start', async () => {
    const summary = (await get(other, '/logs/summary/')).json();
    expect(summary).toMatchObject({ week: { sent: 0, opened: 0, blocked: 0 }, recent: [] });
    expect(summary.balance).toBe(100);
    expect((await get(sender, '/logs/summary/?week_start=last-monday')).statusCode).toBe(400);
  });

  it('lists the sender’s own sending and paused campaigns as active, and no finished one (issue 22)', async () => {
    const status = (value: 'sending' | 'paused' | 'completed') =>
      t.app.db.updateTable('campaigns').set({ status: value }).where('id', '=', campaignId).execute();
    for (const value of ['sending', 'paused'] as const) {
      await status(value);
      const summary = (await get(sender, '/logs/summary/')).json();
      expect(summary.active).toHaveLength(1);
      expect(summary.active[0]).toMatchObject({
        id: campaignId,
        status: value,
        counts: { sent: 3, failed: 1 },
      });
      expect((await get(other, '/logs/summary/')).json().active).toEqual([]);
    }
    await status('completed');
    expect((await get(sender, '/logs/summary/')).json().active).toEqual([]);
  });

  it('takes the UTC calendar week from Monday and the month from the first by default', () => {
    expect(utcPeriodStarts(new Date('2026-11-24T15:30:00.000Z'))).toEqual({
      week: '2026-11-23T00:00:00.000Z',
      month: '2026-11-01T00:00:00.000Z',
    });
    expect(utcPeriodStarts(new Date('2026-11-01T00:10:00.000Z')).week).toBe('2026-10-26T00:00:00.000Z');
  });
});
