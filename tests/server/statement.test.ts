import type { LoginResponse } from '../../contract/auth.contract.ts';
import type { StatementEntry, StatementSummary } from '../../contract/credits.contract.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { insertList } from './helpers/sending.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST';

/** A small seeded generator, so a failing history can be replayed from the seed it prints. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

describe(`account statement: running balance, filters, totals, export (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  let sender: LoginResponse;
  let packageId: string;
  const seed = Number(process.env.STATEMENT_SEED ?? Date.now() % 1_000_000);

  const call = (who: LoginResponse, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  /** Every line of the statement `query` matches, read page by page (small pages on purpose). */
  async function allLines(who: LoginResponse, query: string): Promise<StatementEntry[]> {
    const lines: StatementEntry[] = [];
    for (let page = 1; ; page += 1) {
      const response = await call(who, 'GET', `/credits/statement/?page_size=7&page=${page}&${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ count: number; results: StatementEntry[] }>();
      lines.push(...body.results);
      if (lines.length >= body.count || body.results.length === 0) return lines;
    }
  }

  const summary = async (who: LoginResponse, query: string) => {
    const response = await call(who, 'GET', `/credits/statement/summary/?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<StatementSummary>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('admin');
    packageId = (
      await call(admin, 'POST', '/payments/packages/', {
        name_ar: 'باقة',
        name_en: 'Pack',
        credits: 40,
        price: 1000,
        currency: 'SAR',
      })
    ).json().id;
    // Made through the API, so even its starting credits are a ledger row: the whole balance is
    // in the ledger and the statement must add up to it exactly.
    const name = `statement-${Math.random().toString(36).slice(2, 8)}`;
    const password = 'a-Strong-passw0rd!';
    const created = await call(admin, 'POST', '/auth/users/', {
      username: name,
      email: `${name}@example.com`,
      password,
      role: 'sender',
      quota: 30,
    });
    expect(created.statusCode).toBe(201);
    sender = await t.signIn(name, password);

    // A random history of every kind of movement, as the product makes them.
    const next = random(seed);
    const paidOrders: string[] = [];
    const scheduled: string[] = [];
    for (let step = 0; step < 36; step += 1) {
      // Some steps share a millisecond on purpose: ties are ordered by the time-ordered id.
      if (next(3) > 0) t.advanceClock(1 + next(60_000));
      const balance = await balanceOf(t.app.db, sender.user.id);
      const move = next(6);
      if (move === 0) {
        await call(admin, 'POST', `/auth/users/${sender.user.id}/quota/`, { amount: 1 + next(50) });
      } else if (move === 1 && balance > 0) {
        const amount = -(1 + next(Math.min(balance, 20)));
        await call(admin, 'POST', `/auth/users/${sender.user.id}/quota/`, { amount, reason: 'correction' });
      } else if (move === 2) {
        const placed = (await call(sender, 'POST', '/payments/orders/', { package_id: packageId })).json();
        expect((await call(admin, 'POST', `/payments/orders/${placed.id}/mark-paid/`)).statusCode).toBe(200);
        paidOrders.push(placed.id);
      } else if (move === 3 && paidOrders.length > 0) {
        const id = paidOrders.splice(next(paidOrders.length), 1)[0]!;
        expect((await call(admin, 'POST', `/payments/orders/${id}/refund/`, {})).statusCode).toBe(200);
      } else if (move === 4 && balance > 0) {
        const size = 1 + next(Math.min(balance, 4));
        const list = await insertList(
          t.app.db,
          sender.user.id,
          Array.from({ length: size }, (_, i) => ({ email: `r${step}-${i}@example.com` })),
        );
        const accepted = await call(sender, 'POST', '/send/', {
          subject: 'Hello',
          html: '<p>Hello</p>',
          from_email: sender.user.email,
          sender_name: 'El Namer',
          source: { type: 'lists', ids: [list] },
          // Far ahead, so nothing is sent (and nothing refunded) behind the test's back.
          scheduled_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        });
        expect(accepted.statusCode).toBe(201);
        scheduled.push(accepted.json().id);
      } else if (move === 5 && scheduled.length > 0) {
        const id = scheduled.splice(next(scheduled.length), 1)[0]!;
        expect((await call(sender, 'POST', `/send/${id}/cancel/`, {})).statusCode).toBe(200);
      }
    }
  });
  afterAll(() => t.close());

  it(`adds up to the user's balance over a random history (seed ${seed})`, async () => {
    const balance = await balanceOf(t.app.db, sender.user.id);
    const newestFirst = await allLines(sender, '');
    expect(newestFirst.length).toBeGreaterThan(5);
    expect(newestFirst[0]!.running_balance).toBe(balance);
    const chronological = [...newestFirst].reverse();
    let running = 0;
    for (const line of chronological) {
      running += line.amount;
      // Each line adds its own amount to the line before, across page boundaries...
      expect(line.running_balance).toBe(running);
      // ...and agrees with the balance the ledger recorded when the movement happened.
      expect(line.running_balance).toBe(line.balance_after);
    }
    const types = new Set(newestFirst.map((line) => line.type));
    // 36 random steps always reach several kinds; a history of top-ups alone would prove little.
    expect(types.size, [...types].join()).toBeGreaterThanOrEqual(4);
    const whole = await summary(sender, '');
    expect(whole).toMatchObject({
      user: { id: sender.user.id, username: sender.user.username, balance },
      count: newestFirst.length,
      opening_balance: 0,
      closing_balance: balance,
      net: balance,
    });
    expect(whole.credits_in - whole.credits_out).toBe(whole.net);
  });

  it('keeps each line’s running balance under a type or date filter, and totals the range', async () => {
    const everything = await allLines(sender, '');
    const byId = new Map(everything.map((line) => [line.id, line]));
    for (const type of ['topup', 'send', 'purchase'] as const) {
      const lines = await allLines(sender, `type=${type}`);
      expect(lines.length).toBe(everything.filter((line) => line.type === type).length);
      for (const line of lines) {
        expect(line.type).toBe(type);
        expect(line.running_balance).toBe(byId.get(line.id)!.running_balance);
      }
    }
    const chronological = [...everything].reverse();
    const from = chronological[Math.floor(chronological.length / 3)]!.created_at;
    const to = chronological[Math.floor((2 * chronological.length) / 3)]!.created_at;
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const inRange = chronological.filter((line) => line.created_at >= from && line.created_at <= to);
    expect((await allLines(sender, range)).map((line) => line.id).sort()).toEqual(
      inRange.map((line) => line.id).sort(),
    );
    const totals = await summary(sender, range);
    const before = chronological.filter((line) => line.created_at < from);
    expect(totals).toMatchObject({
      count: inRange.length,
      credits_in: inRange.filter((l) => l.amount > 0).reduce((sum, l) => sum + l.amount, 0),
      credits_out: inRange.filter((l) => l.amount < 0).reduce((sum, l) => sum - l.amount, 0),
      opening_balance: before.length ? before[before.length - 1]!.running_balance : 0,
      closing_balance: inRange[inRange.length - 1]!.running_balance,
    });
    expect(totals.opening_balance + totals.net).toBe(totals.closing_balance);
  });

  it('lets an administrator read any user’s statement and nobody else', async () => {
    const other = await t.signInAs('sender');
    const query = `user=${sender.user.id}`;
    for (const path of ['/credits/statement/', '/credits/statement/summary/', '/credits/statement/export/']) {
      expect((await call(other, 'GET', `${path}?${query}`)).statusCode, path).toBe(403);
    }
    // Naming oneself is fine.
    expect((await call(other, 'GET', `/credits/statement/?user=${other.user.id}`)).statusCode).toBe(200);
    const own = await allLines(sender, '');
    const seenByAdmin = await allLines(admin, query);
    expect(seenByAdmin).toEqual(own);
    expect((await summary(admin, query)).user.balance).toBe(await balanceOf(t.app.db, sender.user.id));
    // The administrator's own statement is not the sender's.
    expect((await allLines(admin, '')).some((line) => line.user_id === sender.user.id)).toBe(false);
  });

  it('exports the filtered statement as CSV and XLSX, oldest first, with its totals', async () => {
    const lines = await allLines(sender, 'type=topup');
    const csv = await call(sender, 'GET', '/credits/statement/export/?type=topup&language=en');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Time,Type,Amount,Running balance,Reason,Reference,By');
    const body = rows.slice(1, 1 + lines.length).map((row) => row.split(','));
    expect(body.map((cells) => cells[0])).toEqual(lines.map((line) => line.created_at).reverse());
    expect(body.every((cells) => cells[1] === 'Top-up')).toBe(true);
    expect(body.map((cells) => Number(cells[3]))).toEqual(lines.map((l) => l.running_balance).reverse());
    const totals = await summary(sender, 'type=topup');
    expect(rows).toContain(`Credits in,${totals.credits_in}`);
    expect(rows).toContain(`Closing balance,${totals.closing_balance}`);

    const arabic = await call(admin, 'GET', `/credits/statement/export/?user=${sender.user.id}&language=ar`);
    expect(arabic.body).toContain('الرصيد');
    const xlsx = await call(sender, 'GET', '/credits/statement/export/?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
