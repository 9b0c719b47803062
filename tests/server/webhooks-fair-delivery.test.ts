import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config.ts';
import { emitEvent } from '../../server/modules/webhooks/events.ts';
import { createWebhook } from '../../server/modules/webhooks/webhooks.service.ts';
import { pickFair, SLOT_LIMITS, Slots } from '../../server/modules/webhooks/fair-share.ts';
import { toUser, findUserById } from '../../server/modules/users/users.repository.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

const TRICKLING_ENDPOINTS = 10;

/** A receiver that answers 200 at once and then sends its body one byte a second, for ever. */
async function startTrickler() {
  const requests: { path: string; event: string }[] = [];
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests.push({ path: request.url ?? '', event: String(request.headers['webhook-id']) });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('.');
      open.add(response);
      const timer = setInterval(() => response.write('.'), 1000);
      timers.add(timer);
      response.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
        open.delete(response);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlOf: (n: number) => `http://127.0.0.1:${port}/slow/${n}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition never held; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`webhook deliveries cannot starve each other (${engine})`, () => {
  let t: TestApp;
  let trickler: Awaited<ReturnType<typeof startTrickler>>;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    trickler = await startTrickler();
    receiver = await startWebhookReceiver();
    const base = loadConfig({ LOG_LEVEL: 'silent' });
    t = await createTestApp({
      sending: { ...base.sending, dispatcher: false },
      // A short whole-request deadline keeps the test fast; the trickle never idles that long.
      webhooks: { delivery: true, allowPrivate: true, timeoutMs: 2500, pollMs: 20 },
    });
  });
  afterAll(async () => {
    await t.close();
    await trickler.close();
    await receiver.close();
  });
  const sender = async () => (await t.createUser({ role: 'sender' })).id;
  const endpointFor = async (userId: string, url: string) => {
    const user = toUser((await findUserById(t.app.db, userId))!);
    return createWebhook({ db: t.app.db, now: t.app.now, allowPrivate: true }, user, {
      url,
      events: ['message.sent'],
      enabled: true,
    });
  };
  const slowDeliveries = (ids: string[]) =>
    t.app.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', 'in', ids).execute();

  it("delivers another user's event while one user's ten endpoints trickle, and times the trickles out", async () => {
    const greedy = await sender();
    const other = await sender();
    const slow = [];
    for (let n = 0; n < TRICKLING_ENDPOINTS; n += 1) slow.push(await endpointFor(greedy, trickler.urlOf(n)));
    const slowIds = slow.map((endpoint) => endpoint.id);
    await endpointFor(other, receiver.url);

    // Two events each to ten endpoints: more than the sixteen slots.
    for (let n = 0; n < 2; n += 1)
      await emitEvent(t.app.db, { userId: greedy, type: 'message.sent', data: { n } });
    await until(
      async () => trickler.requests.length,
      (count) => count >= SLOT_LIMITS.concurrency - SLOT_LIMITS.reserve,
    );
    await emitEvent(t.app.db, { userId: other, type: 'message.sent', data: { other: true } });
    await receiver.waitFor(1);

    // It arrived while every trickled delivery was still on the wire: none had ended yet, so it
    // waited for no deadline (the old idle timeout never ended them at all).
    const whileTrickling = await slowDeliveries(slowIds);
    expect(whileTrickling.filter((row) => row.attempts > 0)).toEqual([]);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ data: { other: true } });
    // One user never held more than its share, nor an endpoint more than two.
    expect(trickler.requests.length).toBe(SLOT_LIMITS.concurrency - SLOT_LIMITS.reserve);
    const perEndpoint = new Map<string, number>();
    for (const { path } of trickler.requests) perEndpoint.set(path, (perEndpoint.get(path) ?? 0) + 1);
    expect(Math.max(...perEndpoint.values())).toBe(2);

    // The deadline covers the whole request: each trickle fails with a timeout and is retried
    // as every failed attempt is, 5 s later.
    const firstTimedOut = await until(
      () => slowDeliveries(slowIds),
      (rows) => rows.some((row) => row.attempts === 1),
    );
    const timedOut = firstTimedOut.find((row) => row.attempts === 1)!;
    expect(timedOut).toMatchObject({ status: 'pending', response_status: 200 });
    expect(timedOut.error).toMatch(/^timeout: the request was not done within 2500 ms/);
    expect(Date.parse(timedOut.next_attempt_at!) - Date.parse(timedOut.updated_at)).toBe(5000);

    const path = new URL(slow.find((endpoint) => endpoint.id === timedOut.endpoint_id)!.url).pathname;
    const attemptsOf = async () =>
      trickler.requests.filter((request) => request.path === path && request.event === timedOut.event_id);
    expect(await attemptsOf()).toHaveLength(1);
    t.advanceClock(6000);
    await until(attemptsOf, (attempts) => attempts.length === 2);
  });
});

describe('fair sharing of delivery slots', () => {
  const limits = { concurrency: 6, perEndpoint: 2, reserve: 2 };
  const due = (user: string, endpoint: string, n: number) =>
    Array.from({ length: n }, () => ({ user_id: user, endpoint_id: endpoint }));

  it('takes turns between users and keeps the last slots for users with nothing in flight', () => {
    const slots = new Slots();
    // In due order, as the database gives them: user a's backlog first.
    const backlog = [...due('a', 'a1', 1), ...due('a', 'a2', 1), ...due('a', 'a1', 1), ...due('a', 'a2', 1)];
    const picked = pickFair([...backlog, ...due('b', 'b1', 1)], slots, limits);
    expect(picked.map((c) => c.endpoint_id)).toEqual(['a1', 'b1', 'a2', 'a1']);

    for (const c of picked) slots.take(c.user_id, c.endpoint_id);
    // Two slots are left: a user already sending may not take them, a newcomer may take one.
    expect(pickFair([...due('a', 'a3', 3), ...due('b', 'b2', 1)], slots, limits)).toEqual([]);
    expect(pickFair([...due('a', 'a3', 3), ...due('c', 'c1', 2)], slots, limits)).toEqual(due('c', 'c1', 1));
  });
});
