import type { CreatedApiKey } from '../../contract/api-keys.contract.ts';
import { API_V1_PREFIX } from '../../contract/api-v1.contract.ts';
import { sendApi } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** HTTP v1's strict requests and RFC 9457 answers (issue 36). */
describe(`HTTP v1: strict requests, problem+json answers (${engine})`, () => {
  let t: TestApp;
  let key: string;
  let sender: Awaited<ReturnType<ReturnType<typeof sendApi>['session']>>;
  beforeAll(async () => {
    t = await createTestApp();
    sender = await api.session();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/keys/',
      headers: bearer(sender.access),
      payload: { name: 'Shop', scopes: ['send', 'read', 'lists:write'] },
    });
    key = created.json<CreatedApiKey>().key;
  });
  afterAll(() => t.close());
  const api = sendApi(() => t);

  const v1 = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: { payload?: object; headers?: Record<string, string>; key?: string | null } = {},
  ) =>
    t.app.inject({
      method,
      url: `${API_V1_PREFIX}${path}`,
      headers: { ...(options.key === null ? {} : bearer(options.key ?? key)), ...options.headers },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const campaigns = async () =>
    (await t.app.db.selectFrom('campaigns').select('id').where('user_id', '=', sender.id).execute()).length;

  it('refuses a typo in the body with 400 naming it and the field meant, sending nothing', async () => {
    const tomorrow = new Date(t.app.now().getTime() + 86_400_000).toISOString();
    const response = await v1('POST', '/send/', { payload: { ...api.body(sender), schedule_at: tomorrow } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const problem = response.json();
    expect(problem).toMatchObject({
      type: `${t.config.publicUrl.replace(/\/+$/, '')}/docs/errors/validation`,
      title: 'Bad Request',
      status: 400,
      code: 'validation',
      errors: [
        {
          pointer: '/schedule_at',
          code: 'unknown_field_suggestion',
          detail: '"schedule_at" is not a field or parameter of this request. Did you mean "scheduled_at"?',
        },
      ],
    });
    expect(problem.instance).toMatch(/^urn:request:/);
    expect(await campaigns()).toBe(0);
  });

  it('points into nested bodies with RFC 6901 pointers and translates every field text', async () => {
    const response = await v1('POST', '/send/', {
      payload: {
        ...api.body(sender),
        from_email: 'not-an-address',
        source: { type: 'single', recipient: { email: 'one@example.com', nmae: 'One' } },
      },
      headers: { 'accept-language': 'ar' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-language']).toBe('ar');
    const { errors, detail } = response.json();
    expect(detail).toMatch(/[\u0600-\u06FF]/);
    expect(errors).toContainEqual(
      expect.objectContaining({ pointer: '/source/recipient/nmae', code: 'unknown_field_suggestion' }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ pointer: '/from_email' }));
    for (const error of errors) {
      expect(error.detail).toMatch(/[\u0600-\u06FF]/);
      expect(error.detail).not.toMatch(/^validation\./);
    }
  });

  it('refuses an unknown query parameter, with the one meant', async () => {
    const response = await v1('GET', '/logs/email/?statuss=failed');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ parameter: 'statuss', code: 'unknown_field_suggestion' }),
    ]);
    const list = await v1('GET', '/suppressions/?pagesize=5');
    expect(list.json().errors[0].detail).toContain('Did you mean "page_size"?');
    expect((await v1('GET', '/logs/email/?page_size=5')).statusCode).toBe(200);
  });

  it('answers 401 with WWW-Authenticate: Bearer, with and without a key', async () => {
    const none = await v1('GET', '/logs/email/', { key: null });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(none.headers['content-type']).toContain('application/problem+json');
    const wrong = await v1('GET', '/logs/email/', { key: `eln_${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_token"/);
    expect(wrong.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('answers 405 with Allow for a known path and a wrong method, and 404 problem for an unknown one', async () => {
    const wrong = await v1('PUT', '/send/');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.json()).toMatchObject({ status: 405, code: 'method_not_allowed', allow: 'POST' });
    const list = await v1('POST', '/logs/email/');
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD');
    const unknown = await v1('GET', '/no/such/thing/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers a path the same with or without its final slash', async () => {
    const withSlash = await v1('GET', '/suppressions/');
    const without = await v1('GET', '/suppressions');
    expect(without.statusCode).toBe(200);
    expect(without.json()).toEqual(withSlash.json());
    const created = await v1('POST', '/recipients/list', { payload: { name: 'No slash' } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await v1('GET', `/recipients/list/${created.json().id}`)).statusCode).toBe(200);
  });

  it('keeps the dashboard body as it was, but refuses unknown fields where it writes', async () => {
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/recipients/list/',
      headers: bearer(sender.access),
      payload: { name: 'Dashboard', colour: 'red' },
    });
    expect(written.statusCode).toBe(400);
    expect(written.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(written.json()).toMatchObject({
      statusCode: 400,
      code: 'errors.validation',
      fields: { colour: 'validation.unknownField' },
    });
    // Its queries stay lenient: a parameter of an older screen is ignored.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/logs/email/?statuss=failed',
      headers: bearer(sender.access),
    });
    expect(read.statusCode).toBe(200);
  });
});
