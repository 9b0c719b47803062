import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { insertList } from './helpers/sending.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`steering a campaign (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { session, body, post, send } = sendApi(() => t);

  it('shows, pauses, resumes and cancels (refunding queued credits) only for the owner or an admin', async () => {
    const sender = await session();
    const other = await session();
    const admin = await session('admin');
    const list = await insertList(
      t.app.db,
      sender.id,
      Array.from({ length: 10 }, (_, i) => ({ email: `s${i}@example.com` })),
    );
    const id = (await send(sender, body(sender, { source: { type: 'lists', ids: [list] } }))).json()
      .id as string;
    expect(await balanceOf(t.app.db, sender.id)).toBe(90);
    const act = (who: Session, action: string) => post(`/send/${id}/${action}/`, who, {});

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/send/${id}/`, headers: bearer(other.access) }))
        .statusCode,
    ).toBe(404);
    expect((await act(other, 'pause')).statusCode).toBe(404);
    expect((await act(other, 'cancel')).statusCode).toBe(404);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/send/${id}/`,
      headers: bearer(sender.access),
    });
    expect(state.json()).toMatchObject({ status: 'sending', counts: { queued: 10, sent: 0 } });

    expect((await act(sender, 'resume')).statusCode).toBe(409);
    expect((await act(sender, 'pause')).json().status).toBe('paused');
    expect((await act(admin, 'resume')).json().status).toBe('sending');

    // One message already went out: it keeps its credit.
    await t.app.db
      .updateTable('messages')
      .set({ status: 'sent' })
      .where('campaign_id', '=', id)
      .where('seq', '=', 1)
      .execute();
    const cancelled = await act(sender, 'cancel');
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      counts: { cancelled: 9, sent: 1, queued: 0 },
    });
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);
    const refund = await t.app.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('campaign_id', '=', id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refund).toMatchObject([{ amount: 9 }]);
    expect((await act(sender, 'cancel')).statusCode).toBe(409);
    expect((await act(sender, 'pause')).statusCode).toBe(409);
    expect(await balanceOf(t.app.db, sender.id)).toBe(99);
  });

  it('cancels a scheduled campaign before it starts and refunds every credit', async () => {
    const sender = await session();
    const list = await insertList(t.app.db, sender.id, [
      { email: 'x1@example.com' },
      { email: 'x2@example.com' },
    ]);
    const scheduled_at = new Date(Date.now() + 86_400_000).toISOString();
    const accepted = await send(
      sender,
      body(sender, { source: { type: 'lists', ids: [list] }, scheduled_at }),
    );
    expect(accepted.json().status).toBe('scheduled');
    expect(await balanceOf(t.app.db, sender.id)).toBe(98);
    expect((await post(`/send/${accepted.json().id}/pause/`, sender, {})).statusCode).toBe(409);
    const cancelled = await post(`/send/${accepted.json().id}/cancel/`, sender, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', counts: { cancelled: 2, queued: 0 } });
    expect(await balanceOf(t.app.db, sender.id)).toBe(100);
  });

  it('accepts a list of 20,000 recipients in chunks', async () => {
    const sender = await session();
    const admin = t.app.db;
    await admin.updateTable('users').set({ quota: 30_000 }).where('id', '=', sender.id).execute();
    const list = await insertList(
      admin,
      sender.id,
      Array.from({ length: 20_000 }, (_, i) => ({ email: `bulk${i}@example.com` })),
    );
    const started = Date.now();
    const response = await send(sender, body(sender, { source: { type: 'lists', ids: [list] } }));
    console.info(`[send-accept] 20k recipients accepted in ${Date.now() - started} ms`);
    expect(response.json()).toMatchObject({ recipients_count: 20_000 });
    const stats = await admin
      .selectFrom('messages')
      .select((eb) => [eb.fn.max('seq').as('max'), eb.fn.count('token').distinct().as('tokens')])
      .where('campaign_id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect([Number(stats.max), Number(stats.tokens)]).toEqual([20_000, 20_000]);
    expect(await balanceOf(admin, sender.id)).toBe(10_000);
  }, 120_000);
});
