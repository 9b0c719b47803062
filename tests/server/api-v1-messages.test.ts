import type { CreatedApiKey } from '../../contract/api-keys.contract.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** `GET /api/v1/messages/{id}`: one message by the `message_id` its webhook events carry (issue 36). */
describe(`HTTP v1: one message by its id (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const api = sendApi(() => t);
  const keyOf = async (who: Session) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/keys/',
        headers: bearer(who.access),
        payload: { name: 'Shop', scopes: ['send', 'read'] },
      })
    ).json<CreatedApiKey>().key;

  it("answers the message to its campaign's owner and 404 to anyone else", async () => {
    const owner = await api.session();
    const stranger = await api.session();
    const key = await keyOf(owner);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/send/',
      headers: bearer(key),
      payload: api.body(owner),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The id a webhook event's `message_id` holds (server/modules/webhooks/message-events.ts).
    const row = await t.app.db
      .selectFrom('messages')
      .select(['id', 'campaign_id'])
      .where('email', '=', 'one@example.com')
      .where('campaign_id', '=', sent.json().id)
      .executeTakeFirstOrThrow();

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${row.id}`,
      headers: bearer(key),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id: row.id,
      campaign_id: row.campaign_id,
      email: 'one@example.com',
    });

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${row.id}/`,
      headers: bearer(await keyOf(stranger)),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});
