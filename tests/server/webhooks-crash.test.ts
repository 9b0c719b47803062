import { Webhook as StandardWebhook } from 'standardwebhooks';
import { createDb } from '../../server/db/create-db.ts';
import type { Db } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { emitEvent } from '../../server/modules/webhooks/events.ts';
import { createWebhook } from '../../server/modules/webhooks/webhooks.service.ts';
import { insertUser, toUser } from '../../server/modules/users/users.repository.ts';
import { startServerOn, type ServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

/**
 * kill -9 while deliveries are on the wire, then a restart: every event still arrives, signed,
 * because the outbox and the leased deliveries are rows, not memory.
 */
const EVENTS = 12;

describe(`webhooks survive kill -9 mid-delivery (${engine})`, () => {
  let receiver: WebhookReceiver;
  let database: TestDatabase;
  let db: Db | null = null;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.destroy();
    await receiver.close();
    await database.cleanup();
  });

  const start = () =>
    startServerOn(database, {
      DISPATCHER: 'off',
      ALLOW_PRIVATE_WEBHOOKS: '1',
      WEBHOOK_TIMEOUT_SECONDS: '2',
      WEBHOOK_POLL_MS: '50',
    });

  it('delivers every event after the server is killed with deliveries in flight', async () => {
    receiver.state.mode = 'hold';
    server = start();
    await server.waitForLog('webhook delivery started');
    db = createDb(database.config);
    const row = await insertUser(db, {
      username: 'hooked',
      email: 'hooked@example.test',
      passwordHash: await hashPassword('irrelevant-password'),
      role: 'sender',
    });
    const endpoint = await createWebhook({ db, now: () => new Date(), allowPrivate: true }, toUser(row), {
      url: receiver.url,
      events: ['message.sent'],
      enabled: true,
    });
    for (let n = 0; n < EVENTS; n += 1) {
      await emitEvent(db, { userId: row.id, type: 'message.sent', data: { n } });
    }

    // Deliveries reach the endpoint, which never answers them; then the server dies.
    await receiver.waitFor(1);
    await server.kill('SIGKILL');
    const inFlight = receiver.received.length;
    expect(inFlight).toBeLessThan(EVENTS);

    receiver.state.mode = 'ok';
    server = start();
    await server.waitForLog('webhook delivery started');
    const ids = new Set<string>();
    const seen = new Set<number>();
    const verifier = new StandardWebhook(endpoint.secret);
    while (seen.size < EVENTS) {
      await receiver.waitFor(inFlight + ids.size + 1);
      for (const request of receiver.received.slice(inFlight)) {
        const payload = verifier.verify(request.body, request.headers) as { data: { n: number } };
        ids.add(request.headers['webhook-id']!);
        seen.add(payload.data.n);
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: EVENTS }, (_, n) => n));
    const rows = await db.selectFrom('webhook_deliveries').select('status').execute();
    expect(rows).toHaveLength(EVENTS);
    await server.kill('SIGTERM');
  }, 120_000);
});
