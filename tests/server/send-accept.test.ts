import { sql } from 'kysely';
import { balanceOf, grantCredits } from '../../server/modules/credits/ledger.ts';
import { CHUNK_SIZE } from '../../server/modules/campaigns/recipient-source.ts';
import { makeZip, multipartFile } from './helpers/files.ts';
import { insertGroup, insertList, suppress } from './helpers/sending.ts';
import { sendApi } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`accepting a send (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { session, body, send, check } = sendApi(() => t);
  const messagesOf = (campaignId: string) =>
    t.app.db
      .selectFrom('messages')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('seq')
      .execute();
  const campaignsOf = async (userId: string) =>
    (await t.app.db.selectFrom('campaigns').select('id').where('user_id', '=', userId).execute()).length;

  it('accepts one recipient: a campaign, a queued message with a token, one credit charged', async () => {
    const sender = await session();
    const response = await send(sender, body(sender));
    expect(response.statusCode).toBe(201);
    const accepted = response.json();
    expect(accepted).toMatchObject({ status: 'sending', recipients_count: 1 });
    const [message] = await messagesOf(accepted.id);
    expect(message).toMatchObject({ seq: 1, email: 'one@example.com', status: 'queued', charged: 1 });
    expect(message!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);
    const ledger = await t.app.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', sender.id)
      .execute();
    expect(ledger).toMatchObject([{ kind: 'charge', amount: -1, campaign_id: accepted.id }]);
  });

  it('de-duplicates lists case-insensitively, blocks suppressed addresses at no charge', async () => {
    const sender = await session();
    const a = await insertList(t.app.db, sender.id, [
      { email: 'Ann@example.com', name: 'Ann' },
      { email: 'bob@example.com', name: 'Bob' },
      { email: 'gone@example.com' },
    ]);
    const b = await insertList(t.app.db, sender.id, [
      { email: 'ann@example.com' },
      { email: 'cy@example.com' },
      { email: 'bounced@example.com' },
    ]);
    await suppress(t.app.db, sender.id, 'gone@example.com', 'unsubscribed');
    await suppress(t.app.db, '*', 'Bounced@example.com', 'hard_bounce');
    // Another sender's unsubscribe does not block this sender.
    await suppress(t.app.db, 'someone-else', 'bob@example.com', 'unsubscribed');
    const payload = body(sender, { source: { type: 'lists', ids: [a, b] } });

    const checked = (await check(sender, payload)).json();
    expect(checked).toMatchObject({ recipients_count: 5, blocked_count: 2, cost: 3, balance: 100 });
    // The review previews for the recipients that will get it: blocked ones are not among them.
    expect(checked.sample.map((r: { email: string }) => r.email)).toEqual([
      'Ann@example.com',
      'bob@example.com',
      'cy@example.com',
    ]);
    expect(checked.sample[0]).toMatchObject({ name: 'Ann', extra: expect.any(Array) });
    expect(await campaignsOf(sender.id)).toBe(0);

    const response = await send(sender, payload);
    expect(response.statusCode).toBe(201);
    const messages = await messagesOf(response.json().id);
    expect(messages.map((m) => m.email_key).sort()).toEqual(
      [
        'ann@example.com',
        'bob@example.com',
        'bounced@example.com',
        'cy@example.com',
        'gone@example.com',
      ].sort(),
    );
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    const byKey = new Map(messages.map((m) => [m.email_key, m]));
    expect(byKey.get('gone@example.com')).toMatchObject({
      status: 'blocked',
      blocked_reason: 'unsubscribed',
      charged: 0,
    });
    expect(byKey.get('bounced@example.com')).toMatchObject({
      status: 'blocked',
      blocked_reason: 'hard_bounce',
      charged: 0,
    });
    expect(byKey.get('ann@example.com')).toMatchObject({
      email: 'Ann@example.com',
      name: 'Ann',
      status: 'queued',
    });
    expect(await balanceOf(t.app.db, sender.id)).toBe(97);
  });

  it('reads, checks and writes lists larger than a chunk: each address once, numbered without gaps', async () => {
    const sender = await session();
    const size = Math.floor(CHUNK_SIZE * 1.5);
    const address = (n: number) => `r${String(n).padStart(6, '0')}@example.com`;
    const first = Array.from({ length: size }, (_, n) => ({ email: address(n) }));
    // The second list repeats the first's last third (in capitals) and adds as many new addresses.
    const overlap = Math.floor(size / 3);
    const second = Array.from({ length: overlap * 2 }, (_, n) => ({
      email: n < overlap ? address(size - overlap + n).toUpperCase() : address(size + n),
    }));
    const a = await insertList(t.app.db, sender.id, first);
    const b = await insertList(t.app.db, sender.id, second);
    // Suppressed addresses in the first chunk, in a later chunk and in the second list.
    for (const n of [1, CHUNK_SIZE + 1, size + overlap + 1]) {
      await suppress(t.app.db, sender.id, address(n), 'unsubscribed');
    }
    const unique = size + overlap;
    await grantCredits(t.app.db, {
      userId: sender.id,
      amount: unique,
      reason: null,
      createdBy: null,
      now: new Date().toISOString(),
    });
    const payload = body(sender, { source: { type: 'lists', ids: [a, b] } });
    expect((await check(sender, payload)).json()).toMatchObject({
      recipients_count: unique,
      blocked_count: 3,
      cost: unique - 3,
    });
    const response = await send(sender, payload);
    expect(response.statusCode).toBe(201);
    const messages = await messagesOf(response.json().id);
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: unique }, (_, n) => n + 1));
    expect(new Set(messages.map((m) => m.email_key)).size).toBe(unique);
    expect(
      messages
        .filter((m) => m.status === 'blocked')
        .map((m) => m.email_key)
        .sort(),
    ).toEqual([1, CHUNK_SIZE + 1, size + overlap + 1].map(address).sort());
  });

  it("blocks free of charge a stored address that today's rule refuses (an invisible character)", async () => {
    const sender = await session();
    // Stored before the address rule refused direction marks: the import would clean it today.
    const list = await insertList(t.app.db, sender.id, [
      { email: 'lama@example.sa\u200f' },
      { email: 'ok@example.sa' },
    ]);
    const response = await send(sender, body(sender, { source: { type: 'lists', ids: [list] } }));
    expect(response.statusCode).toBe(201);
    const rows = await messagesOf(response.json<{ id: string }>().id);
    expect(rows.map((row) => [row.email, row.status, row.blocked_reason, row.charged])).toEqual([
      ['lama@example.sa\u200f', 'blocked', 'invalid_address', 0],
      ['ok@example.sa', 'queued', null, 1],
    ]);
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);
  });

  it('resolves groups to their lists and keeps every row of a sheet as variables', async () => {
    const sender = await session();
    const l1 = await insertList(t.app.db, sender.id, [
      { email: 'g1@example.com', extra: [{ name: 'contract_no', value: '7' }] },
    ]);
    const l2 = await insertList(t.app.db, sender.id, [
      { email: 'g2@example.com' },
      { email: 'G1@example.com', extra: [{ name: 'contract_no', value: '7' }] },
    ]);
    const group = await insertGroup(t.app.db, sender.id, [l1, l2]);
    const grouped = (await check(sender, body(sender, { source: { type: 'groups', ids: [group] } }))).json();
    expect(grouped).toMatchObject({
      recipients_count: 2,
      variables: [
        { name: 'name', missing_count: 2 },
        { name: 'contract_no', missing_count: 1 },
      ],
    });

    const rows = [
      { email: 'r1@example.com', name: 'R1', contract_no: 11 },
      { email: 'R1@EXAMPLE.com', name: 'dup', contract_no: 'x' },
      { email: 'r2@example.com', name: 'R2', contract_no: null },
    ];
    const response = await send(sender, body(sender, { source: { type: 'rows', rows } }));
    expect(response.json().recipients_count).toBe(2);
    const messages = await messagesOf(response.json().id);
    expect(messages.map((m) => [m.email, m.name, JSON.parse(m.variables)])).toEqual([
      ['r1@example.com', 'R1', { contract_no: '11' }],
      ['r2@example.com', 'R2', { contract_no: '' }],
    ]);
  });

  it('rolls the whole send back when a later chunk cannot be written, and says so', async () => {
    const sender = await session();
    const address = (n: number) => `w${n}@example.com`;
    const rows = Array.from({ length: CHUNK_SIZE + 10 }, (_, n) => ({ email: address(n) }));
    const list = await insertList(t.app.db, sender.id, rows);
    await grantCredits(t.app.db, {
      userId: sender.id,
      amount: rows.length,
      reason: null,
      createdBy: null,
      now: new Date().toISOString(),
    });
    const before = await balanceOf(t.app.db, sender.id);
    // The database refuses one row of the second chunk, while the next chunk is being prepared.
    const refused = address(CHUNK_SIZE + 5);
    const statements =
      engine === 'postgres'
        ? [
            `create function refuse_row() returns trigger language plpgsql as $$
             begin if new.email = '${refused}' then raise exception 'refused by the test'; end if; return new; end $$`,
            'create trigger refuse_row before insert on messages for each row execute function refuse_row()',
          ]
        : [
            `create trigger refuse_row before insert on messages when new.email = '${refused}'
             begin select raise(abort, 'refused by the test'); end`,
          ];
    for (const statement of statements) await sql.raw(statement).execute(t.app.db);
    try {
      const response = await send(sender, body(sender, { source: { type: 'lists', ids: [list] } }));
      expect(response.statusCode).toBe(500);
      expect(await campaignsOf(sender.id)).toBe(0);
      expect(await balanceOf(t.app.db, sender.id)).toBe(before);
    } finally {
      await sql
        .raw('drop trigger refuse_row' + (engine === 'postgres' ? ' on messages' : ''))
        .execute(t.app.db);
      if (engine === 'postgres') await sql.raw('drop function refuse_row()').execute(t.app.db);
    }
    // Nothing was lost on the way: the same send goes through once the database takes it.
    const again = await send(sender, body(sender, { source: { type: 'lists', ids: [list] } }));
    expect(again.statusCode).toBe(201);
    expect((await messagesOf(again.json().id)).length).toBe(rows.length);
  });

  it('answers 402 with balance and need when credit is short, and writes nothing', async () => {
    const sender = await session();
    const list = await insertList(
      t.app.db,
      sender.id,
      Array.from({ length: 101 }, (_, i) => ({ email: `p${i}@example.com` })),
    );
    const response = await send(sender, body(sender, { source: { type: 'lists', ids: [list] } }));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'errors.insufficientCredit',
      details: { balance: 100, needed: 101 },
    });
    expect(await campaignsOf(sender.id)).toBe(0);
    expect(
      await t.app.db.selectFrom('credit_ledger').select('id').where('user_id', '=', sender.id).execute(),
    ).toEqual([]);
    expect(await balanceOf(t.app.db, sender.id)).toBe(100);
  });

  it('refuses a from address that is not the sender own, a past schedule and foreign lists', async () => {
    const sender = await session();
    const other = await session();
    const wrongFrom = await send(sender, body(sender, { from_email: other.email }));
    expect(wrongFrom.statusCode).toBe(400);
    expect(wrongFrom.json().fields).toEqual({ from_email: 'validation.fromNotAllowed' });
    const past = await send(sender, body(sender, { scheduled_at: '2020-01-01T10:00:00+03:00' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ scheduled_at: 'validation.scheduledInPast' });
    const noOffset = await send(sender, body(sender, { scheduled_at: '2099-01-01T10:00:00' }));
    expect(noOffset.statusCode).toBe(400);
    const foreign = await insertList(t.app.db, other.id, [{ email: 'x@example.com' }]);
    expect((await send(sender, body(sender, { source: { type: 'lists', ids: [foreign] } }))).statusCode).toBe(
      404,
    );
    expect(await campaignsOf(sender.id)).toBe(0);
    // Every recipient suppressed: nothing to send or charge, the campaign is complete at once.
    await suppress(t.app.db, sender.id, 'gone-too@example.com', 'unsubscribed');
    const allBlocked = await send(
      sender,
      body(sender, { source: { type: 'single', recipient: { email: 'GONE-too@example.com' } } }),
    );
    expect(allBlocked.json()).toMatchObject({ status: 'completed', recipients_count: 1 });
    expect(await balanceOf(t.app.db, sender.id)).toBe(100);
    const emails = await t.app.inject({
      method: 'GET',
      url: '/api/send/sender-emails/',
      headers: bearer(sender.access),
    });
    expect(emails.json()).toEqual({ emails: [sender.email] });
  });

  it('schedules a future send: status scheduled, messages due at that time', async () => {
    const sender = await session();
    const at = new Date(Date.now() + 3_600_000);
    const offset = at.toISOString().replace('Z', '+00:00');
    const response = await send(sender, body(sender, { scheduled_at: offset }));
    expect(response.json().status).toBe('scheduled');
    const [message] = await messagesOf(response.json().id);
    expect(message!.next_attempt_at).toBe(at.toISOString());
  });

  it('reports recipients whose file is missing, then skips them or sends without on request', async () => {
    const sender = await session();
    const zip = multipartFile('files.zip', await makeZip({ 'docs/a.pdf': 'A', 'b.pdf': 'B' }));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/?kind=zip',
      headers: { ...bearer(sender.access), ...zip.headers },
      payload: zip.payload,
    });
    const zipId = uploaded.json().id as string;
    const list = await insertList(t.app.db, sender.id, [
      { email: 'a@example.com', attachment: 'a.pdf' },
      { email: 'b@example.com', attachment: 'docs/../b.pdf' },
      { email: 'c@example.com', attachment: 'b.pdf' },
      { email: 'd@example.com' },
    ]);
    const payload = body(sender, { source: { type: 'lists', ids: [list] }, attachments: [zipId] });
    const checked = (await check(sender, payload)).json();
    expect(checked).toMatchObject({
      missing_attachments_count: 1,
      missing_attachments: [{ email: 'b@example.com', attachment: 'docs/../b.pdf' }],
    });

    const refused = await send(sender, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'errors.missingAttachments',
      details: { missing_attachments_count: 1 },
    });
    expect(await campaignsOf(sender.id)).toBe(0);

    const skipped = await send(sender, { ...payload, missing_attachments: 'skip' });
    expect(skipped.statusCode).toBe(201);
    const messages = await messagesOf(skipped.json().id);
    expect(messages.find((m) => m.email === 'b@example.com')).toMatchObject({
      status: 'blocked',
      blocked_reason: 'missing_attachment',
      charged: 0,
    });
    expect(await balanceOf(t.app.db, sender.id)).toBe(97);
    const upload = await t.app.db
      .selectFrom('uploads')
      .select('campaign_id')
      .where('id', '=', zipId)
      .executeTakeFirst();
    expect(upload?.campaign_id).toBe(skipped.json().id);
    // An upload a campaign holds cannot start another.
    const again = await send(sender, { ...payload, missing_attachments: 'send_without' });
    expect(again.json().fields).toEqual({ attachments: 'validation.inUse' });
  });

  it('sends a template of its own, keeps the survey, and refuses bad content or uploads', async () => {
    const sender = await session();
    const other = await session();
    const now = new Date().toISOString();
    const template = {
      name: 'T',
      subject: 's',
      editor: 'html' as const,
      variables: '[]',
      created_at: now,
      updated_at: now,
    };
    await t.app.db
      .insertInto('templates')
      .values({ ...template, id: `tpl-${sender.id}`, owner_id: sender.id, content: '<p>From template</p>' })
      .execute();
    await t.app.db
      .insertInto('templates')
      .values({ ...template, id: `tpl-${other.id}`, owner_id: other.id, content: '<p>Not yours</p>' })
      .execute();
    const { html: _html, ...noHtml } = body(sender);
    const survey = { type: 'custom' as const, questions: ['Why?', 'When?'] };
    const response = await send(sender, { ...noHtml, template_id: `tpl-${sender.id}`, survey });
    expect(response.statusCode).toBe(201);
    const campaign = await t.app.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({
      html: '<p>From template</p>',
      template_id: `tpl-${sender.id}`,
      survey: JSON.stringify(survey),
    });

    const foreign = await send(sender, { ...noHtml, template_id: `tpl-${other.id}` });
    expect(foreign.json().fields).toEqual({ template_id: 'validation.invalid' });
    expect(
      (await send(sender, { ...noHtml, template_id: `tpl-${sender.id}`, html: '<p>both</p>' })).statusCode,
    ).toBe(400);
    expect((await send(sender, noHtml)).statusCode).toBe(400);
    expect((await send(sender, body(sender, { html: '' }))).statusCode).toBe(400);

    const wrongKind = await send(
      sender,
      body(sender, { attachments: { zips: [], image: 'no-such-upload' } }),
    );
    expect(wrongKind.json().fields).toEqual({ attachments: 'validation.invalid' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/send/', payload: body(sender) });
    expect(anonymous.statusCode).toBe(401);
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);
  });
});
