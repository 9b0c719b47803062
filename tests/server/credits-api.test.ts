import type { LoginResponse } from '../../contract/auth.contract.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`credits administration and statements (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const call = (
    who: LoginResponse,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  it('creates a sender with starting credits as a ledger grant by the administrator', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const created = await call(admin, 'POST', '/auth/users/', {
      username: `fresh-${suffix}`,
      email: `fresh-${suffix}@example.com`,
      password: 'a-Strong-passw0rd!',
      role: 'sender',
      quota: 250,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quota: 250, used_quota: 0, remaining_quota: 250 });
    const log = await call(admin, 'GET', `/auth/users/amount/?user=${created.json().id}`);
    expect(log.json()).toMatchObject({
      count: 1,
      results: [{ username: `fresh-${suffix}`, amount: 250, kind: 'grant', updated_by: admin.user.username }],
    });
  });

  it('tops up and corrects a balance with a reason, never below zero, each with a ledger row', async () => {
    const user = await t.createUser({ role: 'sender' }); // 100 credits
    const up = await call(admin, 'POST', `/auth/users/${user.id}/quota/`, { amount: 50 });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ quota: 150, remaining_quota: 150 });

    const noReason = await call(admin, 'POST', `/auth/users/${user.id}/quota/`, { amount: -10 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'validation.reasonRequired' });
    const tooMuch = await call(admin, 'POST', `/auth/users/${user.id}/quota/`, { amount: -151, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toEqual({ amount: 'validation.belowZero' });
    const zero = await call(admin, 'POST', `/auth/users/${user.id}/quota/`, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    const down = await call(admin, 'POST', `/auth/users/${user.id}/quota/`, { amount: -20, reason: 'typo' });
    expect(down.json()).toMatchObject({ remaining_quota: 130 });
    expect(await balanceOf(t.app.db, user.id)).toBe(130);

    const log = await call(admin, 'GET', `/auth/users/amount/?user=${user.id}&ordering=created_at`);
    expect(log.json().results.map((row: { kind: string; amount: number }) => [row.kind, row.amount])).toEqual(
      [
        ['grant', 50],
        ['adjust', -20],
      ],
    );
    const adjusts = await call(admin, 'GET', `/auth/users/amount/?user=${user.id}&kind=adjust`);
    expect(adjusts.json()).toMatchObject({ count: 1, results: [{ reason: 'typo', balance_after: 130 }] });
    const searched = await call(admin, 'GET', `/auth/users/amount/?search=${user.username}&page_size=1`);
    expect(searched.json().count).toBe(2);
    expect(searched.json().results).toHaveLength(1);
    const future = await call(admin, 'GET', `/auth/users/amount/?user=${user.id}&from=2999-01-01T00:00:00Z`);
    expect(future.json()).toEqual({ count: 0, results: [] });
    expect((await call(admin, 'POST', '/auth/users/nobody/quota/', { amount: 5 })).statusCode).toBe(404);
  });

  it('shows a sender its own statement only, and never lets it raise its own quota, role or flag', async () => {
    const sender = await t.signInAs('sender');
    const other = await t.createUser({ role: 'sender' });
    await call(admin, 'POST', `/auth/users/${sender.user.id}/quota/`, { amount: 5 });
    await call(admin, 'POST', `/auth/users/${other.id}/quota/`, { amount: 7 });
    const statement = await call(sender, 'GET', '/credits/statement/');
    expect(statement.json()).toMatchObject({ count: 1, results: [{ amount: 5, kind: 'grant' }] });

    expect(
      (await call(sender, 'POST', `/auth/users/${sender.user.id}/quota/`, { amount: 1000 })).statusCode,
    ).toBe(403);
    expect((await call(sender, 'GET', '/auth/users/amount/')).statusCode).toBe(403);
    expect(
      (await call(sender, 'PATCH', `/auth/users/${sender.user.id}/`, { role: 'admin' })).statusCode,
    ).toBe(403);
    // Fields a sender may not set are never applied, whatever the profile call carries.
    await call(sender, 'PATCH', '/auth/profile/', {
      quota: 99_999,
      used_quota: -5,
      role: 'admin',
      is_active: true,
      sender_name: 'x',
    });
    const status = await call(sender, 'GET', '/auth/user-status');
    expect(status.json()).toMatchObject({
      id: sender.user.id,
      role: 'sender',
      quota: 105,
      used_quota: 0,
      remaining_quota: 105,
    });
  });

  it('deletes a user without campaigns; refuses one with campaigns and the administrator itself', async () => {
    const idle = await t.createUser({ role: 'sender' });
    expect((await call(admin, 'DELETE', `/auth/users/${idle.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/auth/users/${idle.id}/`)).statusCode).toBe(404);

    const busy = await t.signInAs('sender');
    const sent = await call(busy, 'POST', '/send/', {
      subject: 's',
      html: '<p>x</p>',
      from_email: busy.user.email,
      sender_name: 'n',
      source: { type: 'single', recipient: { email: 'to@example.com' } },
    });
    expect(sent.statusCode).toBe(201);
    const refused = await call(admin, 'DELETE', `/auth/users/${busy.user.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({ id: 'validation.userHasCampaigns' });
    const self = await call(admin, 'DELETE', `/auth/users/${admin.user.id}/`);
    expect(self.statusCode).toBe(409);
    expect(self.json().fields).toEqual({ id: 'validation.notYourself' });
    expect((await call(busy, 'DELETE', `/auth/users/${idle.id}/`)).statusCode).toBe(403);
  });
});
