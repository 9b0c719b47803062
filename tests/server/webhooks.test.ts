import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { CreatedWebhook } from '../../contract/webhooks.contract.ts';
import { loadConfig } from '../../server/config.ts';
import arDeveloper from '../../src/i18n/locales/ar/developer.json';
import enDeveloper from '../../src/i18n/locales/en/developer.json';
import { emitEvent } from '../../server/modules/webhooks/events.ts';
import { isPrivateAddress } from '../../server/modules/webhooks/address-check.ts';
import { insertTestCampaign } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

const HOUR = 3600_000;

/** Polls the database until `check` holds (the delivery loop runs on its own timer). */
async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition never held; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`event webhooks (${engine})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const base = loadConfig({ LOG_LEVEL: 'silent' });
    t = await createTestApp({
      // The engine runs against the built-in capture server, so real sends raise real events.
      sending: { ...base.sending, pollMs: 20 },
      webhooks: { delivery: true, allowPrivate: true, timeoutMs: 2000, pollMs: 20 },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.state.mode = 'ok';
  });

  const { session, body } = sendApi(() => t);
  const createEndpoint = async (who: Session, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/', headers: bearer(who.access), payload });
  const newEndpoint = async (who: Session, events: string[], url = receiver.url) => {
    const response = await createEndpoint(who, { url, events });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedWebhook>();
  };
  const deliveriesOf = (endpointId: string) =>
    t.app.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();
  const verified = (secret: string, from = 0) =>
    receiver.received.slice(from).map((request) => {
      const payload = new StandardWebhook(secret).verify(request.body, request.headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      return { id: request.headers['webhook-id'], ...payload };
    });

  it('creates an endpoint with a whsec_ secret shown once, and lists it without the secret', async () => {
    const sender = await session();
    const created = await newEndpoint(sender, ['message.sent']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created).toMatchObject({ enabled: true, events: ['message.sent'], url: receiver.url });
    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks/', headers: bearer(sender.access) });
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: created.id }] });
    expect(list.body).not.toContain(created.secret);
    const other = await session();
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${created.id}/`,
      headers: bearer(other.access),
    });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await createEndpoint(sender, { url: 'ftp://example.com/', events: ['message.sent'] })).statusCode,
    ).toBe(400);
    expect(
      (await createEndpoint(sender, { url: receiver.url, events: ['message.nothing'] })).statusCode,
    ).toBe(400);
  });

  it('signs each delivery as Standard Webhooks says, verified by the reference library', async () => {
    const sender = await session();
    const endpoint = await newEndpoint(sender, ['message.sent', 'campaign.completed']);
    const from = receiver.received.length;
    await emitEvent(t.app.db, {
      userId: sender.id,
      type: 'message.sent',
      data: { message_id: 'm1', campaign_id: 'c1', email: 'a@example.com' },
    });
    // Not subscribed: never delivered.
    await emitEvent(t.app.db, { userId: sender.id, type: 'message.opened', data: { message_id: 'm1' } });
    await receiver.waitFor(from + 1);
    const [delivery] = verified(endpoint.secret, from);
    expect(delivery).toMatchObject({
      type: 'message.sent',
      data: { message_id: 'm1', email: 'a@example.com' },
    });
    expect(delivery!.id).toMatch(/^msg_/);
    const request = receiver.received[from]!;
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() =>
      new StandardWebhook(endpoint.secret).verify(request.body.replace('m1', 'm2'), request.headers),
    ).toThrow();
    const [row] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(row).toMatchObject({ attempts: 1, response_status: 204 });
    expect(row!.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('raises message.sent and campaign.completed from a real send, and message.opened on the first open', async () => {
    const sender = await session();
    const endpoint = await newEndpoint(sender, ['message.sent', 'campaign.completed', 'message.opened']);
    const from = receiver.received.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send/',
      headers: bearer(sender.access),
      payload: body(sender),
    });
    expect(response.statusCode).toBe(201);
    const campaignId = response.json().id as string;
    await receiver.waitFor(from + 2);
    const events = verified(endpoint.secret, from);
    expect(events.map((e) => e.type).sort()).toEqual(['campaign.completed', 'message.sent']);
    expect(events.find((e) => e.type === 'message.sent')!.data).toMatchObject({
      campaign_id: campaignId,
      email: 'one@example.com',
    });

    const message = await t.app.db
      .selectFrom('messages')
      .select(['token'])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    // Past the machine-traffic window after delivery, a person opens it twice.
    t.advanceClock(HOUR);
    const userAgent = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/130.0' };
    const openUrl = `/api/public/m/${message.token}/open`;
    expect((await t.app.inject({ method: 'GET', url: openUrl, headers: userAgent })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: openUrl, headers: userAgent });
    await receiver.waitFor(from + 3);
    await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows.length === 3 && rows.every((r) => r.status === 'succeeded'),
    );
    const opened = verified(endpoint.secret, from).filter((e) => e.type === 'message.opened');
    expect(opened).toHaveLength(1);
  });

  it('raises message.answered for survey answers and message.unsubscribed once per message', async () => {
    const sender = await session();
    const endpoint = await newEndpoint(sender, ['message.answered', 'message.unsubscribed']);
    const campaignId = await insertTestCampaign(t.app.db, {
      userId: sender.id,
      recipients: [{ email: 'reader@example.com', name: 'Reader' }],
      status: 'completed',
      survey: { type: 'yes_no', question: 'Was it useful?' },
    });
    const { token, id } = await t.app.db
      .selectFrom('messages')
      .select(['token', 'id'])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const from = receiver.received.length;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/public/m/${token}/answer`,
      payload: { value: 'yes' },
    });
    expect(answer.statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const gone = await t.app.inject({
        method: 'POST',
        url: `/api/public/m/${token}/unsubscribe`,
        payload: {},
      });
      expect(gone.statusCode).toBe(200);
    }
    await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'succeeded'),
    );
    const events = verified(endpoint.secret, from);
    expect(events.map((e) => e.type).sort()).toEqual(['message.answered', 'message.unsubscribed']);
    expect(events.find((e) => e.type === 'message.answered')!.data).toMatchObject({
      message_id: id,
      campaign_id: campaignId,
      answer: 'yes',
    });
  });

  it('retries a failing endpoint with back-off, logs every attempt, and replays on demand', async () => {
    const sender = await session();
    const endpoint = await newEndpoint(sender, ['message.failed']);
    receiver.state.mode = 'fail';
    await emitEvent(t.app.db, { userId: sender.id, type: 'message.failed', data: { message_id: 'x' } });
    const [first] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(first).toMatchObject({ status: 'pending', response_status: 500, error: 'HTTP 500' });
    expect(Date.parse(first!.next_attempt_at!) - Date.parse(first!.updated_at)).toBe(5000);

    receiver.state.mode = 'ok';
    t.advanceClock(6000);
    const [second] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(second).toMatchObject({ attempts: 2, response_status: 204 });

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries/`,
      headers: bearer(sender.access),
    });
    expect(log.json()).toMatchObject({
      count: 1,
      results: [{ id: second!.id, event_type: 'message.failed', status: 'succeeded', attempts: 2 }],
    });
    const before = receiver.received.length;
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/deliveries/${second!.id}/replay/`,
      headers: bearer(sender.access),
    });
    expect(replay.statusCode).toBe(200);
    await receiver.waitFor(before + 1);
    expect(receiver.received[before]!.headers['webhook-id']).toBe(second!.event_id);
  });

  it.each(['ar', 'en'] as const)(
    'disables an endpoint that failed for 24 hours and tells its owner by e-mail in their language (%s)',
    async (language) => {
      const sender = await session();
      // The language the user last signed in with (users.language), as the account e-mails use it.
      await t.app.db.updateTable('users').set({ language }).where('id', '=', sender.id).execute();
      const endpoint = await newEndpoint(sender, ['message.sent']);
      receiver.state.mode = 'fail';
      await emitEvent(t.app.db, { userId: sender.id, type: 'message.sent', data: {} });
      await until(
        () => deliveriesOf(endpoint.id),
        (rows) => rows[0]?.attempts === 1,
      );
      t.advanceClock(25 * HOUR);
      await emitEvent(t.app.db, { userId: sender.id, type: 'message.sent', data: {}, at: t.app.now() });
      const row = await until(
        () =>
          t.app.db
            .selectFrom('webhook_endpoints')
            .selectAll()
            .where('id', '=', endpoint.id)
            .executeTakeFirstOrThrow(),
        (r) => r.enabled === 0,
      );
      expect(row.disabled_reason).toBe('failing');
      const mail = await until(
        async () => t.systemMail.find((sent) => sent.to === sender.email && sent.text.includes(endpoint.url)),
        (found) => found !== undefined,
      );
      const words = { ar: arDeveloper, en: enDeveloper }[language].mail;
      const other = { ar: enDeveloper, en: arDeveloper }[language].mail;
      expect(mail!.subject).toBe(words.disabledSubject);
      expect(mail!.text).toContain(words.disabledHeading);
      expect(mail!.text).not.toContain(other.disabledHeading);
      expect(mail!.html).toContain(words.disabledButton);
      // The button opens the dashboard's webhooks screen (a hash route), in that language.
      expect(mail!.html).toContain(`/#/dashboard/settings/developer/webhooks?lng=${language}`);
      // The first event's retries are over: it failed for good.
      const deliveries = await deliveriesOf(endpoint.id);
      expect(deliveries.map((d) => d.status).sort()).toEqual(['failed', 'pending']);
    },
  );
});

describe(`webhook URLs and private addresses (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      webhooks: { delivery: false, allowPrivate: false, timeoutMs: 1000, pollMs: 1000 },
    });
  });
  afterAll(() => t.close());
  const { session } = sendApi(() => t);

  it('refuses URLs that resolve to loopback, private or link-local addresses', async () => {
    const sender = await session();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://192.168.0.10/hook',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/',
        headers: bearer(sender.access),
        payload: { url, events: ['message.sent'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields, url).toEqual({ url: 'validation.invalid' });
    }
  });

  it('knows the ranges', () => {
    expect(
      [
        '127.0.0.1',
        '10.0.0.1',
        '172.20.1.1',
        '192.168.1.1',
        '169.254.1.1',
        '::1',
        'fe80::1',
        'fd00::1',
        '::ffff:127.0.0.1',
      ].filter((a) => !isPrivateAddress(a)),
    ).toEqual([]);
    expect(['93.184.216.34', '2606:2800:220:1::1', '8.8.8.8'].filter(isPrivateAddress)).toEqual([]);
  });
});
