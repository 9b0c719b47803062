import type { LoginResponse } from '../../contract/auth.contract.ts';
import { chargeCredits, grantCredits, balanceOf } from '../../server/modules/credits/ledger.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe(`payments: packages, manual orders, refunds, invoices (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  let packageId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('admin');
    const created = await call(admin, 'POST', '/payments/packages/', {
      name_ar: 'باقة الألف',
      name_en: 'Thousand pack',
      credits: 1000,
      price: 5000,
      currency: 'SAR',
    });
    expect(created.statusCode).toBe(201);
    packageId = created.json().id;
  });
  afterAll(() => t.close());

  const call = (who: LoginResponse, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  const order = async (who: LoginResponse, body: object = { package_id: packageId }) => {
    const response = await call(who, 'POST', '/payments/orders/', body);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; status: string; credits: number };
  };

  it('lets only administrators define packages; senders see the visible ones', async () => {
    const sender = await t.signInAs('sender');
    const refused = await call(sender, 'POST', '/payments/packages/', {
      name_ar: 'x',
      name_en: 'x',
      credits: 1,
      price: 1,
      currency: 'USD',
    });
    expect(refused.statusCode).toBe(403);
    const hidden = await call(admin, 'POST', '/payments/packages/', {
      name_ar: 'مخفية',
      name_en: 'Hidden',
      credits: 5,
      price: 100,
      currency: 'USD',
      hidden: true,
    });
    expect(hidden.json()).toMatchObject({ hidden: true, credits: 5, price: 100, currency: 'USD' });
    const bad = await call(admin, 'POST', '/payments/packages/', {
      name_ar: 'x',
      name_en: 'x',
      credits: 1,
      price: 1,
      currency: 'EUR',
    });
    expect(bad.statusCode).toBe(400);

    const seen = (await call(sender, 'GET', '/payments/packages/')).json();
    expect(seen.results.map((row: { id: string }) => row.id)).toContain(packageId);
    expect(seen.results.map((row: { id: string }) => row.id)).not.toContain(hidden.json().id);
    const all = (await call(admin, 'GET', '/payments/packages/')).json();
    expect(all.results.map((row: { id: string }) => row.id)).toContain(hidden.json().id);
    // A hidden package is not for sale.
    const buyHidden = await call(sender, 'POST', '/payments/orders/', { package_id: hidden.json().id });
    expect(buyHidden.statusCode).toBe(400);
  });

  it('runs the manual provider end to end: order, paid once, a second decision is 409, the statement shows it', async () => {
    const sender = await t.signInAs('sender'); // 100 credits
    const created = await call(sender, 'POST', '/payments/orders/', { package_id: packageId });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      status: 'pending',
      amount: 5000,
      currency: 'SAR',
      credits: 1000,
      provider: 'manual',
    });
    expect(body.checkout_url).toContain(`/payment/success?order=${body.id}`);

    // A sender cannot decide its own order.
    expect((await call(sender, 'POST', `/payments/orders/${body.id}/mark-paid/`)).statusCode).toBe(403);
    expect((await call(sender, 'POST', `/payments/orders/${body.id}/refund/`, {})).statusCode).toBe(403);
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(100);

    const paid = await call(admin, 'POST', `/payments/orders/${body.id}/mark-paid/`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', invoice_number: expect.any(Number) });
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);

    const again = await call(admin, 'POST', `/payments/orders/${body.id}/mark-paid/`);
    expect(again.statusCode).toBe(409);
    const reject = await call(admin, 'POST', `/payments/orders/${body.id}/reject/`, { reason: 'late' });
    expect(reject.statusCode).toBe(409);
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);

    const statement = (await call(sender, 'GET', '/credits/statement/')).json();
    expect(statement.results[0]).toMatchObject({
      amount: 1000,
      kind: 'grant',
      balance_after: 1100,
      order_id: body.id,
    });

    const detail = (await call(sender, 'GET', `/payments/orders/${body.id}/`)).json();
    expect(detail).toMatchObject({ status: 'paid', balance: 1100 });
    const invoice = await call(sender, 'GET', `/payments/orders/${body.id}/invoice/`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json()).toMatchObject({
      invoice_number: paid.json().invoice_number,
      buyer: { username: sender.user.username },
      package_name_en: 'Thousand pack',
    });
  });

  it('shows each sender its own orders only; administrators see all with totals per currency', async () => {
    const one = await t.signInAs('sender');
    const two = await t.signInAs('sender');
    const mine = await order(one);
    const theirs = await order(two);
    const list = (await call(one, 'GET', `/payments/orders/?user=${two.user.id}`)).json();
    expect(list.results.map((row: { id: string }) => row.id)).toEqual([mine.id]);
    expect((await call(one, 'GET', `/payments/orders/${theirs.id}/`)).statusCode).toBe(404);
    expect((await call(one, 'POST', `/payments/orders/${theirs.id}/cancel/`)).statusCode).toBe(404);
    expect((await call(one, 'GET', `/payments/orders/${theirs.id}/invoice/`)).statusCode).toBe(404);

    await call(admin, 'POST', `/payments/orders/${theirs.id}/mark-paid/`);
    const everyone = (await call(admin, 'GET', `/payments/orders/?status=paid&provider=manual`)).json();
    expect(everyone.results.map((row: { id: string }) => row.id)).toContain(theirs.id);
    expect(everyone.results.every((row: { status: string }) => row.status === 'paid')).toBe(true);
    const sar = everyone.totals.find((row: { currency: string }) => row.currency === 'SAR');
    expect(sar).toMatchObject({ count: everyone.count, amount: everyone.count * 5000 });
    const filtered = (await call(admin, 'GET', `/payments/orders/?user=${two.user.id}`)).json();
    expect(filtered).toMatchObject({ count: 1, results: [{ id: theirs.id, username: two.user.username }] });
  });

  it('grants exactly once when many administrators mark the same order paid at once', async () => {
    const sender = await t.signInAs('sender');
    const placed = await order(sender);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(admin, 'POST', `/payments/orders/${placed.id}/mark-paid/`)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);
    const rows = await t.app.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('order_id', '=', placed.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('moves an order only along its states: cancel, reject, refund each once', async () => {
    const sender = await t.signInAs('sender');
    const cancelled = await order(sender);
    expect((await call(sender, 'POST', `/payments/orders/${cancelled.id}/cancel/`)).json().status).toBe(
      'cancelled',
    );
    expect((await call(sender, 'POST', `/payments/orders/${cancelled.id}/cancel/`)).statusCode).toBe(409);
    expect((await call(admin, 'POST', `/payments/orders/${cancelled.id}/mark-paid/`)).statusCode).toBe(409);

    const rejected = await order(sender);
    const noReason = await call(admin, 'POST', `/payments/orders/${rejected.id}/reject/`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const rejection = await call(admin, 'POST', `/payments/orders/${rejected.id}/reject/`, {
      reason: 'no transfer',
    });
    expect(rejection.json()).toMatchObject({ status: 'failed', reason: 'no transfer' });
    expect((await call(admin, 'POST', `/payments/orders/${rejected.id}/mark-paid/`)).statusCode).toBe(409);
    // Only a paid order is refunded.
    expect((await call(admin, 'POST', `/payments/orders/${rejected.id}/refund/`, {})).statusCode).toBe(409);
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(100);
  });

  it('refunds take back what the balance holds, never below zero, and say how many', async () => {
    const sender = await t.signInAs('sender'); // 100
    const placed = await order(sender); // +1000 -> 1100
    await call(admin, 'POST', `/payments/orders/${placed.id}/mark-paid/`);
    // 1000 of them are spent before the refund.
    await chargeCredits(t.app.db, {
      userId: sender.user.id,
      amount: 1000,
      campaignId: 'campaign-x',
      now: new Date().toISOString(),
    });
    const refund = await call(admin, 'POST', `/payments/orders/${placed.id}/refund/`, {
      reason: 'chargeback',
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'refunded', refunded_credits: 100 });
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(0);
    expect((await call(admin, 'POST', `/payments/orders/${placed.id}/refund/`, {})).statusCode).toBe(409);

    // A refund with the whole balance there takes all the order's credits.
    const second = await order(sender);
    await call(admin, 'POST', `/payments/orders/${second.id}/mark-paid/`);
    const full = await call(admin, 'POST', `/payments/orders/${second.id}/refund/`, {});
    expect(full.json()).toMatchObject({ refunded_credits: 1000 });
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(0);
  });

  it('sells custom amounts at the price per credit, with the VAT line, only when allowed', async () => {
    const sender = await t.signInAs('sender');
    const off = await call(sender, 'POST', '/payments/orders/', { credits: 50 });
    expect(off.statusCode).toBe(400);
    expect(off.json().fields).toEqual({ credits: 'validation.customAmountOff' });
    expect(
      (await call(sender, 'PATCH', '/payments/settings/', { custom_price_per_credit: 3 })).statusCode,
    ).toBe(403);
    const set = await call(admin, 'PATCH', '/payments/settings/', {
      custom_price_per_credit: 3,
      custom_currency: 'EGP',
      custom_min_credits: 10,
      bank_instructions_en: 'IBAN SA00 0000',
      seller_name: 'El Namer LLC',
    });
    expect(set.statusCode).toBe(200);
    const options = (await call(sender, 'GET', '/payments/options/')).json();
    expect(options).toMatchObject({
      providers: ['manual'],
      custom: { price_per_credit: 3, currency: 'EGP', min_credits: 10 },
      bank_instructions_en: 'IBAN SA00 0000',
    });
    expect((await call(sender, 'POST', '/payments/orders/', { credits: 5 })).statusCode).toBe(400);
    const both = await call(sender, 'POST', '/payments/orders/', { credits: 50, package_id: packageId });
    expect(both.statusCode).toBe(400);
    const custom = await call(sender, 'POST', '/payments/orders/', { credits: 50 });
    expect(custom.json()).toMatchObject({ credits: 50, subtotal: 150, tax: 0, amount: 150, currency: 'EGP' });
  });

  it('keeps 64-bit credits: a balance past 2^31 reads back as a number', async () => {
    const sender = await t.signInAs('sender');
    const big = 3_000_000_000;
    const settings = await call(admin, 'PATCH', '/payments/settings/', {
      custom_price_per_credit: 1,
      custom_min_credits: 1,
    });
    expect(settings.statusCode).toBe(200);
    const placed = await order(sender, { credits: big });
    expect(placed.credits).toBe(big);
    expect((await call(admin, 'POST', `/payments/orders/${placed.id}/mark-paid/`)).statusCode).toBe(200);
    const status = (await call(sender, 'GET', '/auth/user-status')).json();
    expect(status.remaining_quota).toBe(big + 100);
    expect(typeof status.quota).toBe('number');
    const statement = (await call(sender, 'GET', '/credits/statement/')).json();
    expect(statement.results[0]).toMatchObject({ amount: big, balance_after: big + 100 });
  });

  it('ends each statement line with the running balance; the last equals the balance (random history)', async () => {
    const user = await t.createUser({ role: 'sender' }); // 100
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    // Each movement a second after the last, so created_at orders them.
    const now = () => {
      t.advanceClock(1000);
      return t.app.now().toISOString();
    };
    for (let step = 0; step < 40; step += 1) {
      const balance = await balanceOf(t.app.db, user.id);
      const pick = random();
      if (pick < 0.4) {
        const amount = 1 + Math.floor(random() * 500);
        await grantCredits(t.app.db, { userId: user.id, amount, reason: null, createdBy: null, now: now() });
      } else if (pick < 0.7 && balance > 0) {
        const amount = 1 + Math.floor(random() * balance);
        await chargeCredits(t.app.db, { userId: user.id, amount, campaignId: 'c', now: now() });
      } else {
        const signed = await t.signIn(user.username, user.password);
        const placed = await order(signed);
        now();
        await call(admin, 'POST', `/payments/orders/${placed.id}/mark-paid/`);
        now();
        if (random() < 0.5) await call(admin, 'POST', `/payments/orders/${placed.id}/refund/`, {});
      }
    }
    const log = (
      await call(admin, 'GET', `/auth/users/amount/?user=${user.id}&ordering=created_at&page_size=100`)
    ).json();
    expect(log.count).toBeGreaterThan(20);
    let running = 100; // the test user's starting credits
    for (const row of log.results as { amount: number; balance_after: number }[]) {
      running += row.amount;
      expect(row.balance_after).toBe(running);
    }
    expect(log.results.at(-1).balance_after).toBe(await balanceOf(t.app.db, user.id));
  });
});
