import { Validator } from '@seriousme/openapi-schema-validator';
import type { CreatedApiKey } from '../../contract/api-keys.contract.ts';
import { API_V1_PREFIX, v1Operations } from '../../contract/api-v1.contract.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { openApiPath } from '../../server/lib/openapi.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`HTTP v1 with API keys (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { session, body } = sendApi(() => t);

  async function createKey(who: Session, payload: object) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/keys/',
      headers: bearer(who.access),
      payload,
    });
    return response;
  }
  const newKey = async (who: Session, scopes: string[], extra: object = {}) => {
    const response = await createKey(who, { name: 'Shop', scopes, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiKey>();
  };
  const v1 = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    key: string,
    options: { payload?: object; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url: `${API_V1_PREFIX}${path}`,
      headers: { ...bearer(key), ...options.headers },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const campaignsOf = async (userId: string) =>
    (await t.app.db.selectFrom('campaigns').select('id').where('user_id', '=', userId).execute()).length;

  it('creates a key shown once, stored as a hash, and lists it without the key', async () => {
    const sender = await session();
    const created = await newKey(sender, ['send', 'read', 'send']);
    expect(created.key).toMatch(/^eln_[A-Za-z0-9_-]{43}$/);
    expect(created.scopes).toEqual(['send', 'read']);
    const row = await t.app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t.app.inject({ method: 'GET', url: '/api/keys/', headers: bearer(sender.access) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ id: created.id, name: 'Shop', prefix: created.key.slice(0, 12), last_used_at: null }],
    });
    expect(list.body).not.toContain(created.key);
  });

  it('refuses a key without scopes and an expiry in the past', async () => {
    const sender = await session();
    expect((await createKey(sender, { name: 'x', scopes: [] })).statusCode).toBe(400);
    expect((await createKey(sender, { name: 'x', scopes: ['admin'] })).statusCode).toBe(400);
    const past = await createKey(sender, { name: 'x', scopes: ['read'], expires_at: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ expires_at: 'validation.invalid' });
  });

  it('sends through /api/v1/send/, replays the same Idempotency-Key, reads the log, and stops after revoking', async () => {
    const sender = await session();
    const { id, key } = await newKey(sender, ['send', 'read']);
    const payload = body(sender);
    const headers = { 'idempotency-key': 'order-1001' };

    const first = await v1('POST', '/send/', key, { payload, headers });
    expect(first.statusCode, first.body).toBe(201);
    const again = await v1('POST', '/send/', key, { payload, headers });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await campaignsOf(sender.id)).toBe(1);
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);

    const other = await v1('POST', '/send/', key, { payload: { ...payload, subject: 'Other' }, headers });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, code: 'idempotency_mismatch' });
    expect(await campaignsOf(sender.id)).toBe(1);

    const log = await v1('GET', '/logs/email/', key);
    expect(log.statusCode).toBe(200);
    expect(log.json().results.map((c: { id: string }) => c.id)).toEqual([first.json().id]);
    const state = await v1('GET', `/send/${first.json().id}/`, key);
    expect(state.json()).toMatchObject({ id: first.json().id, recipients_count: 1 });
    const keyRow = await t.app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(keyRow.last_used_at).not.toBeNull();

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${id}/`,
      headers: bearer(sender.access),
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await v1('GET', '/logs/email/', key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('lets two racing requests with one Idempotency-Key make one campaign, both told of it', async () => {
    const sender = await session();
    const { key } = await newKey(sender, ['send']);
    const payload = body(sender);
    const headers = { 'idempotency-key': 'race' };
    const answers = await Promise.all([
      v1('POST', '/send/', key, { payload, headers }),
      v1('POST', '/send/', key, { payload, headers }),
      v1('POST', '/send/', key, { payload, headers }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await campaignsOf(sender.id)).toBe(1);
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);
  });

  it('keeps a key apart from the next day: the same Idempotency-Key sends again after 24 hours', async () => {
    const sender = await session();
    const { key } = await newKey(sender, ['send']);
    const headers = { 'idempotency-key': 'daily' };
    expect((await v1('POST', '/send/', key, { payload: body(sender), headers })).statusCode).toBe(201);
    t.advanceClock(24 * 60 * 60 * 1000 + 1000);
    const next = await v1('POST', '/send/', key, { payload: body(sender, { subject: 'Next day' }), headers });
    expect(next.statusCode).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
    expect(await campaignsOf(sender.id)).toBe(2);
  });

  it('answers 403 naming the missing scope, with the message in the language asked for', async () => {
    const sender = await session();
    const { key } = await newKey(sender, ['read']);
    const english = await v1('POST', '/send/', key, {
      payload: body(sender),
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(403);
    expect(english.json()).toMatchObject({
      code: 'missing_scope',
      scope: 'send',
      detail: 'This API key does not have the "send" scope.',
    });
    const arabic = await v1('POST', '/send/', key, {
      payload: body(sender),
      headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    });
    expect(arabic.statusCode).toBe(403);
    expect(arabic.headers['content-language']).toBe('ar');
    expect(arabic.json().detail).toContain('"send"');
    expect(arabic.json().detail).toMatch(/[\u0600-\u06FF]/);
    const template = await v1('POST', '/email_forms/', key, { payload: { name: 'x' } });
    expect(template.json()).toMatchObject({ status: 403, scope: 'templates:write' });
    // The read scope reads: the suppression list through the same descriptor as the dashboard.
    const suppressions = await v1('GET', '/suppressions/', key);
    expect(suppressions.statusCode).toBe(200);
    expect(suppressions.json()).toMatchObject({ count: 0, results: [] });
    expect(await campaignsOf(sender.id)).toBe(0);
  });

  it('stops the keys of an expired key and of a disabled user, and takes no session token on v1', async () => {
    const sender = await session();
    const soon = new Date(t.app.now().getTime() + 60 * 60 * 1000).toISOString();
    const expiring = await newKey(sender, ['read'], { expires_at: soon });
    const lasting = await newKey(sender, ['read']);
    expect((await v1('GET', '/logs/email/', expiring.key)).statusCode).toBe(200);
    t.advanceClock(2 * 60 * 60 * 1000);
    expect((await v1('GET', '/logs/email/', expiring.key)).statusCode).toBe(401);
    expect((await v1('GET', '/logs/email/', lasting.key)).statusCode).toBe(200);

    // A session's access token is not an API key, and an API key is not a session.
    expect((await v1('GET', '/logs/email/', sender.access)).statusCode).toBe(401);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/logs/email/',
      headers: bearer(lasting.key),
    });
    expect(dashboard.statusCode).toBe(401);

    await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', sender.id).execute();
    expect((await v1('GET', '/logs/email/', lasting.key)).statusCode).toBe(401);
  });

  it('lets administrators see and revoke everyone’s keys; other senders cannot', async () => {
    const owner = await session();
    const stranger = await session();
    const admin = await session('admin');
    const { id, key } = await newKey(owner, ['read']);

    const strangerList = await t.app.inject({
      method: 'GET',
      url: '/api/keys/',
      headers: bearer(stranger.access),
    });
    expect(strangerList.json().count).toBe(0);
    const strangerRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${id}/`,
      headers: bearer(stranger.access),
    });
    expect(strangerRevoke.statusCode).toBe(404);
    expect((await v1('GET', '/logs/email/', key)).statusCode).toBe(200);

    const adminList = await t.app.inject({
      method: 'GET',
      url: '/api/keys/?page_size=100',
      headers: bearer(admin.access),
    });
    const listed = adminList.json().results.find((k: { id: string }) => k.id === id);
    expect(listed).toMatchObject({ user: { id: owner.id } });
    const adminRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${id}/`,
      headers: bearer(admin.access),
    });
    expect(adminRevoke.statusCode).toBe(204);
    expect((await v1('GET', '/logs/email/', key)).statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: '/api/keys/', headers: bearer(owner.access) });
    expect(after.json().results[0].revoked_at).not.toBeNull();
  });

  it('mounts every v1 operation of the contract, each with its scope, and nothing else', () => {
    const mounted = t.app.v1Routes.map((r) => `${r.method} ${r.url} ${r.scope}`).sort();
    const expected = [
      ...v1Operations.map((o) => `${o.endpoint.method} ${API_V1_PREFIX}${o.endpoint.path} ${o.scope}`),
      `GET ${API_V1_PREFIX}/v1/openapi.json null`.replace('/v1/v1/', '/v1/'),
    ].sort();
    expect(mounted).toEqual(expected);
  });

  it('serves an OpenAPI 3.1 document generated from the contract that validates and lists every v1 path', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_V1_PREFIX}/openapi.json` });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0].url).toBe(`${t.config.publicUrl.replace(/\/+$/, '')}${API_V1_PREFIX}`);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const mounted = t.app.v1Routes
      .filter((r) => r.scope !== null)
      .map((r) => `${r.method} ${openApiPath(r.url.slice(API_V1_PREFIX.length))}`)
      .sort();
    expect(documented).toEqual(mounted);
    // Schemas come from zod: the send body names the fields the contract checks.
    const send = document.paths['/send/'].post;
    expect(send['x-scope']).toBe('send');
    expect(send.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['subject', 'from_email', 'source']),
    );
    expect(send.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(document.components.parameters.IdempotencyKey.name).toBe('Idempotency-Key');
    expect(JSON.stringify(document)).not.toContain('#/$defs');
  });
});
