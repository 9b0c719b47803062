import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmsc, type TestSmsc } from '../../server/channels/sms/test-smsc.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: { authorization: string };
let guarded: TestSmsc;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer((await t.signInAs('admin')).access);
  guarded = await startTestSmsc({ credentials: { systemId: 'acme', password: 'right-pw' } });
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

const create = (name: string, url: string, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/sms/connections/', headers, payload: { name, url } });
const test = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/sms/connections/${id}/test/`, headers: admin });

describe('SMSC connections', () => {
  it('adds a connection, keeps its password and never answers it', async () => {
    const url = `smpp://acme:right-pw@127.0.0.1:${guarded.port}?tps=40&window=20`;
    const response = await create('Provider A', url);
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('right-pw');
    expect(response.json()).toMatchObject({
      name: 'Provider A',
      url: `smpp://acme@127.0.0.1:${guarded.port}?tps=40&window=20`,
      tls: false,
      host: '127.0.0.1',
      port: guarded.port,
      system_id: 'acme',
      tps: 40,
      window: 20,
      enquire_link_seconds: 30,
      bind: { state: 'untested', error: null, checked_at: null },
    });
    const stored = await t.app.db.selectFrom('sms_connections').selectAll().executeTakeFirstOrThrow();
    expect(stored.password).toBe('right-pw');
    expect(stored.url).not.toContain('right-pw');

    const list = await t.app.inject({ method: 'GET', url: '/api/sms/connections/', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('right-pw');
    expect(list.json().results.map((row: { name: string }) => row.name)).toEqual(['Provider A']);
  });

  it('tests the connection with the stored password and shows the bind state', async () => {
    const { id } = (await create('Provider B', `smpp://acme:right-pw@127.0.0.1:${guarded.port}`)).json();
    const result = await test(id);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ bound: true, error: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/sms/connections/', headers: admin });
    const row = list.json().results.find((entry: { id: string }) => entry.id === id);
    expect(row.bind).toMatchObject({ state: 'bound', error: null });
    expect(row.bind.checked_at).toEqual(result.json().checked_at);
  });

  it('says why a bind failed: a wrong password, nobody listening', async () => {
    const wrong = (await create('Wrong password', `smpp://acme:nope@127.0.0.1:${guarded.port}`)).json();
    expect((await test(wrong.id)).json()).toMatchObject({ bound: false, error: 'ESME_RINVPASWD' });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = (await create('Nobody', `smpp://acme:x@127.0.0.1:${port}`)).json();
    expect((await test(nobody.id)).json()).toMatchObject({ bound: false, error: 'ECONNREFUSED' });
  });

  it('refuses a URL it cannot bind with, naming the reason, and a name already used', async () => {
    const bad = await create('Bad', 'http://acme:pw@smsc.example.com');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ url: 'sms:connections.errors.scheme' });
    const noUser = await create('No user', 'smpp://smsc.example.com:2775');
    expect(noUser.json().fields).toEqual({ url: 'sms:connections.errors.systemId' });

    await create('Twice', 'smpp://a:b@smsc.example.com');
    const again = await create('Twice', 'smpp://a:b@smsc2.example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ name: 'validation.nameTaken' });
  });

  it('answers 404 for a connection that does not exist', async () => {
    expect((await test('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const sender = bearer((await t.signInAs('sender')).access);
    expect((await create('Mine', 'smpp://a:b@smsc.example.com', sender)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sms/connections/', headers: sender })).statusCode,
    ).toBe(403);
    const { id } = (await create('Theirs', 'smpp://a:b@smsc.example.com')).json();
    const tested = await t.app.inject({
      method: 'POST',
      url: `/api/sms/connections/${id}/test/`,
      headers: sender,
    });
    expect(tested.statusCode).toBe(403);
  });
});
