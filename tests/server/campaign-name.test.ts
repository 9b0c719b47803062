import type { LoginResponse } from '../../contract/auth.contract.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`a campaign's optional name (${engine})`, () => {
  let t: TestApp;
  let sender: LoginResponse;
  const tag = Math.random().toString(36).slice(2, 8);

  const send = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/send/',
      headers: bearer(sender.access),
      payload: {
        subject: `Hello {{name}} ${tag}`,
        html: '<p>x</p>',
        from_email: sender.user.email,
        sender_name: 'n',
        source: { type: 'single', recipient: { email: 'z@example.com', name: 'Zed' } },
        ...payload,
      },
    });
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(sender.access) });

  beforeAll(async () => {
    t = await createTestApp();
    sender = await t.signInAs('sender');
  });
  afterAll(() => t.close());

  it('stores the trimmed name and returns it in the log list, the entry and the overview', async () => {
    const accepted = await send({ name: `  November offer ${tag}  ` });
    expect(accepted.statusCode).toBe(201);
    const id: string = accepted.json().id;
    const row = await t.app.db
      .selectFrom('campaigns')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(`November offer ${tag}`);

    const list = await get(`/logs/email/?search=${encodeURIComponent(`november offer ${tag}`)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([
      expect.objectContaining({ id, name: `November offer ${tag}`, subject: `Hello {{name}} ${tag}` }),
    ]);
    const entry = await get(`/logs/email/${id}/`);
    expect(entry.json()).toMatchObject({ id, name: `November offer ${tag}` });
    const summary = await get('/logs/summary/');
    expect(summary.json().recent).toContainEqual(
      expect.objectContaining({ id, name: `November offer ${tag}` }),
    );
  });

  it('keeps no name when none, or only spaces, was given', async () => {
    for (const payload of [{}, { name: '   ' }, { name: null }]) {
      const accepted = await send(payload);
      expect(accepted.statusCode).toBe(201);
      const entry = await get(`/logs/email/${accepted.json().id}/`);
      expect(entry.json()).toMatchObject({ name: null, subject: `Hello {{name}} ${tag}` });
    }
  });

  it('refuses a name longer than 200 characters', async () => {
    const refused = await send({ name: 'x'.repeat(201) });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('validation.tooLong');
    expect((await send({ name: 'x'.repeat(200) })).statusCode).toBe(201);
  });
});
