import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { LoginResponse } from '../../contract/auth.contract.ts';
import { balanceOf, chargeCredits } from '../../server/modules/credits/ledger.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Stripe without the network: Checkout Sessions are created against a small Stripe API stand-in
 * on loopback, and the webhook gets events signed with the SDK's own test-header helper, the
 * way Stripe signs them.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_el_namer';

type Created = { body: URLSearchParams; id: string };

function startStripeStandIn() {
  const created: Created[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const body = new URLSearchParams(raw);
        const id = `cs_test_${created.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
        created.push({ body, id });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/pay/${id}`,
            client_reference_id: body.get('client_reference_id'),
            metadata: { order_id: body.get('metadata[order_id]') },
          }),
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not here' } }));
    });
  });
  return new Promise<{ url: string; created: Created[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        created,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe(`payments: Stripe Checkout and its signed webhook (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let packageId: string;
  const stripe = new Stripe('sk_test_for_signatures_only');
  let eventCount = 0;

  beforeAll(async () => {
    stand = await startStripeStandIn();
    const payments = {
      stripe: { secretKey: 'sk_test_el_namer', webhookSecret: WEBHOOK_SECRET, apiUrl: stand.url },
      vatPercent: 15,
    };
    t = await createTestApp({ payments });
    admin = await t.signInAs('admin');
    const created = await call(admin, 'POST', '/payments/packages/', {
      name_ar: 'باقة',
      name_en: 'Pack',
      credits: 1000,
      price: 5000,
      currency: 'SAR',
    });
    packageId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
    await stand.close();
  });

  const call = (who: LoginResponse, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  const placeOrder = async (who: LoginResponse) => {
    const response = await call(who, 'POST', '/payments/orders/', { package_id: packageId, language: 'en' });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const session = stand.created.find((entry) => entry.body.get('client_reference_id') === order.id)!;
    return { order, session };
  };

  const event = (
    type: string,
    session: { id: string; orderId: string },
    extra: Record<string, unknown> = {},
    id = `evt_${++eventCount}_${Math.random().toString(36).slice(2, 8)}`,
  ) => ({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.orderId,
        metadata: { order_id: session.orderId },
        amount_total: 5750,
        currency: 'sar',
        payment_status: 'paid',
        ...extra,
      },
    },
  });

  const deliver = (payload: object, signature?: string, at = t.app.now()) => {
    const body = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe/',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ??
          stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: WEBHOOK_SECRET,
            timestamp: Math.floor(at.getTime() / 1000),
          }),
      },
      payload: body,
    });
  };

  it('refuses a validly signed event older than Stripe’s five minutes (a replay)', async () => {
    const old = new Date(t.app.now().getTime() - 6 * 60_000);
    const refused = await deliver({ id: 'evt_old', type: 'ping', object: 'event' }, undefined, old);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ signature: 'validation.invalid' });
  });

  it('opens a Checkout Session for the order, with the VAT line, in minor units, back to the result pages', async () => {
    const sender = await t.signInAs('sender');
    const { order, session } = await placeOrder(sender);
    expect(order).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      subtotal: 5000,
      tax: 750,
      amount: 5750,
      currency: 'SAR',
      checkout_url: `https://checkout.stripe.test/pay/${session.id}`,
    });
    expect(session.body.get('line_items[0][price_data][unit_amount]')).toBe('5750');
    expect(session.body.get('line_items[0][price_data][currency]')).toBe('sar');
    expect(session.body.get('success_url')).toMatch(new RegExp(`/#/payment/success\\?order=${order.id}$`));
    expect(session.body.get('cancel_url')).toMatch(new RegExp(`/#/payment/failed\\?order=${order.id}$`));
    const options = (await call(sender, 'GET', '/payments/options/')).json();
    expect(options).toMatchObject({ providers: ['stripe', 'manual'], vat_percent: 15 });
  });

  it('grants on a signed checkout.session.completed once; a replay and a bad signature change nothing', async () => {
    const sender = await t.signInAs('sender'); // 100
    const { order, session } = await placeOrder(sender);
    const completed = event('checkout.session.completed', { id: session.id, orderId: order.id });

    const forged = await deliver(completed, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    });
    expect(unsigned.statusCode).toBe(400);
    // Signed for another body: the bytes are what is checked.
    const other = JSON.stringify({ ...completed, id: 'evt_other' });
    const swapped = await deliver(
      completed,
      stripe.webhooks.generateTestHeaderString({ payload: other, secret: WEBHOOK_SECRET }),
    );
    expect(swapped.statusCode).toBe(400);
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(100);

    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);
    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    // Another event for the same, already paid session grants nothing either.
    await deliver(event('checkout.session.async_payment_succeeded', { id: session.id, orderId: order.id }));
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);

    const detail = (await call(sender, 'GET', `/payments/orders/${order.id}/`)).json();
    expect(detail).toMatchObject({ status: 'paid', balance: 1100, invoice_number: expect.any(Number) });
    // Stripe settles its own orders: an administrator's manual decision is refused.
    expect((await call(admin, 'POST', `/payments/orders/${order.id}/mark-paid/`)).statusCode).toBe(409);
  });

  it('grants once when the same event arrives several times at once', async () => {
    const sender = await t.signInAs('sender');
    const { order, session } = await placeOrder(sender);
    const completed = event('checkout.session.completed', { id: session.id, orderId: order.id });
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(completed)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);
  });

  it('waits for async_payment_succeeded when the session completed unpaid', async () => {
    const sender = await t.signInAs('sender');
    const { order, session } = await placeOrder(sender);
    const ref = { id: session.id, orderId: order.id };
    await deliver(event('checkout.session.completed', ref, { payment_status: 'unpaid' }));
    expect((await call(sender, 'GET', `/payments/orders/${order.id}/`)).json().status).toBe('pending');
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(100);
    const succeeded = await deliver(event('checkout.session.async_payment_succeeded', ref));
    expect(succeeded.statusCode).toBe(200);
    expect((await call(sender, 'GET', `/payments/orders/${order.id}/`)).json().status).toBe('paid');
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(1100);
  });

  it('never grants for a session whose amount differs; failed and expired sessions settle the order', async () => {
    const sender = await t.signInAs('sender');
    const cheap = await placeOrder(sender);
    await deliver(
      event(
        'checkout.session.completed',
        { id: cheap.session.id, orderId: cheap.order.id },
        { amount_total: 1 },
      ),
    );
    expect((await call(sender, 'GET', `/payments/orders/${cheap.order.id}/`)).json().status).toBe('pending');

    const failing = await placeOrder(sender);
    await deliver(
      event('checkout.session.async_payment_failed', { id: failing.session.id, orderId: failing.order.id }),
    );
    expect((await call(sender, 'GET', `/payments/orders/${failing.order.id}/`)).json().status).toBe('failed');

    const expiring = await placeOrder(sender);
    await deliver(event('checkout.session.expired', { id: expiring.session.id, orderId: expiring.order.id }));
    expect((await call(sender, 'GET', `/payments/orders/${expiring.order.id}/`)).json().status).toBe(
      'expired',
    );
    // A session id that is not the order's own is ignored.
    const other = await placeOrder(sender);
    await deliver(
      event('checkout.session.completed', { id: 'cs_test_someone_else', orderId: other.order.id }),
    );
    expect((await call(sender, 'GET', `/payments/orders/${other.order.id}/`)).json().status).toBe('pending');
    expect(await balanceOf(t.app.db, sender.user.id)).toBe(100);
  });
});

describe(`credit alert: one e-mail per crossing (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const call = (who: LoginResponse, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  it('mails once when a send crosses below the threshold, and again only after the balance came back', async () => {
    const sender = await t.signInAs('sender'); // 100 credits
    const set = await call(sender, 'PATCH', '/auth/profile/', { credit_alert_threshold: 99 });
    expect(set.statusCode).toBe(200);
    expect(set.json().credit_alert_threshold).toBe(99);
    expect((await call(sender, 'PATCH', '/auth/profile/', { credit_alert_threshold: -1 })).statusCode).toBe(
      400,
    );

    const send = async (language: 'ar' | 'en') => {
      const sent = await call(sender, 'POST', '/send/', {
        subject: 's',
        html: '<p>x</p>',
        from_email: sender.user.email,
        sender_name: 'n',
        language,
        source: { type: 'single', recipient: { email: `to-${Math.random()}@example.com` } },
      });
      expect(sent.statusCode).toBe(201);
    };
    const alerts = () => t.systemMail.filter((mail) => mail.to === sender.user.email);

    await send('en'); // 99: not below
    expect(alerts()).toHaveLength(0);
    await send('en'); // 98: crossed
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.subject).toBe('Your El Namer balance is low');
    expect(alerts()[0]!.text).toContain('98');
    await send('en'); // 97: still below, no second mail
    expect(alerts()).toHaveLength(1);
    const below = (await call(admin, 'GET', '/payments/credit-alerts/')).json();
    expect(below.results).toContainEqual(
      expect.objectContaining({ id: sender.user.id, balance: 97, threshold: 99 }),
    );

    // Back to the threshold re-arms it; the next crossing mails again, in the send's language.
    await call(admin, 'POST', `/auth/users/${sender.user.id}/quota/`, { amount: 2 });
    expect((await call(admin, 'GET', '/payments/credit-alerts/')).json().results).not.toContainEqual(
      expect.objectContaining({ id: sender.user.id }),
    );
    await send('ar'); // 98: crossed again
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]!.subject).toBe('رصيدك في النمر منخفض');

    // Off: no mail, whatever the balance does.
    await call(sender, 'PATCH', '/auth/profile/', { credit_alert_threshold: 0 });
    await call(admin, 'POST', `/auth/users/${sender.user.id}/quota/`, { amount: 10 });
    await send('en');
    expect(alerts()).toHaveLength(2);
  });

  it('mails when a refunded order takes the balance below the threshold', async () => {
    const sender = await t.signInAs('sender'); // 100
    await call(sender, 'PATCH', '/auth/profile/', { credit_alert_threshold: 50 });
    const pack = await call(admin, 'POST', '/payments/packages/', {
      name_ar: 'ب',
      name_en: 'P',
      credits: 500,
      price: 100,
      currency: 'USD',
    });
    const order = await call(sender, 'POST', '/payments/orders/', {
      package_id: pack.json().id,
      language: 'en',
    });
    await call(admin, 'POST', `/payments/orders/${order.json().id}/mark-paid/`);
    expect(t.systemMail.filter((mail) => mail.to === sender.user.email)).toHaveLength(0);
    // Spend down to 520, then the refund takes 500 back: 20 < 50.
    await chargeCredits(t.app.db, {
      userId: sender.user.id,
      amount: 80,
      campaignId: 'c',
      now: new Date().toISOString(),
    });
    const refund = await call(admin, 'POST', `/payments/orders/${order.json().id}/refund/`, {});
    expect(refund.json()).toMatchObject({ refunded_credits: 500 });
    const mails = t.systemMail.filter((mail) => mail.to === sender.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('20');
  });
});
