import { sql } from 'kysely';
import {
  balanceOf,
  chargeCredits,
  grantCredits,
  InsufficientCreditError,
  refundCredits,
} from '../../server/modules/credits/ledger.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

// Each call a millisecond later than the last: two ledger rows written within one millisecond
// would tie on created_at and the order the tests read them in would be down to chance.
let clock = Date.now();
const now = () => new Date((clock += 1)).toISOString();

describe(`credit ledger (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('grants, charges and refunds with one ledger row each and the running balance', async () => {
    const user = await t.createUser({ role: 'sender' }); // starts with quota 100
    await grantCredits(t.app.db, { userId: user.id, amount: 50, reason: null, createdBy: null, now: now() });
    await chargeCredits(t.app.db, { userId: user.id, amount: 120, campaignId: 'c1', now: now() });
    await refundCredits(t.app.db, {
      userId: user.id,
      amount: 7,
      campaignId: 'c1',
      reason: 'failed',
      now: now(),
    });
    expect(await balanceOf(t.app.db, user.id)).toBe(37);
    const rows = await t.app.db
      .selectFrom('credit_ledger')
      .select(['kind', 'amount', 'balance_after'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([
      ['grant', 50],
      ['charge', -120],
      ['refund', 7],
    ]);
    expect(rows.map((row) => row.balance_after)).toEqual([150, 30, 37]);
  });

  it('refuses a charge above the balance and changes nothing', async () => {
    const user = await t.createUser({ role: 'sender' });
    const attempt = chargeCredits(t.app.db, { userId: user.id, amount: 101, campaignId: 'c2', now: now() });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditError);
    await expect(attempt).rejects.toMatchObject({ balance: 100, needed: 101 });
    expect(await balanceOf(t.app.db, user.id)).toBe(100);
    const count = await t.app.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lets two concurrent charges spend the last credits only once', async () => {
    const user = await t.createUser({ role: 'sender' });
    const results = await Promise.allSettled([
      t.app.db
        .transaction()
        .execute((trx) => chargeCredits(trx, { userId: user.id, amount: 60, campaignId: 'a', now: now() })),
      t.app.db
        .transaction()
        .execute((trx) => chargeCredits(trx, { userId: user.id, amount: 60, campaignId: 'b', now: now() })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(t.app.db, user.id)).toBe(40);
  });

  it('needs a reason for a negative adjustment and never goes below zero', async () => {
    const user = await t.createUser({ role: 'sender' });
    await expect(
      grantCredits(t.app.db, { userId: user.id, amount: -10, reason: ' ', createdBy: null, now: now() }),
    ).rejects.toThrow(/reason/);
    await expect(
      grantCredits(t.app.db, { userId: user.id, amount: -101, reason: 'typo', createdBy: null, now: now() }),
    ).rejects.toBeInstanceOf(InsufficientCreditError);
    await grantCredits(t.app.db, {
      userId: user.id,
      amount: -100,
      reason: 'typo',
      createdBy: null,
      now: now(),
    });
    expect(await balanceOf(t.app.db, user.id)).toBe(0);
  });

  it('is refused by the database itself when a balance would go negative or history would change', async () => {
    const user = await t.createUser({ role: 'sender' });
    await expect(
      t.app.db.updateTable('users').set({ used_quota: 101 }).where('id', '=', user.id).execute(),
    ).rejects.toThrow();
    await grantCredits(t.app.db, { userId: user.id, amount: 1, reason: null, createdBy: null, now: now() });
    await expect(
      t.app.db.updateTable('credit_ledger').set({ amount: 1000 }).where('user_id', '=', user.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from credit_ledger where user_id = ${user.id}`.execute(t.app.db)).rejects.toThrow(
      /append-only/,
    );
  });
});
