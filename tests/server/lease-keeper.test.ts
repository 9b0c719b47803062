import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseKeeper } from '../../server/mail/lease-keeper.ts';
import * as queue from '../../server/mail/queue.repository.ts';
import { insertTestCampaign, messagesOf, recipients } from './helpers/campaigns.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Never sending on a lost lease (issue 31), piece by piece: a message may start only with a
 * quarter of its lease left, a renewal gives it a new one, a row another dispatcher took back is
 * never this one's again, and a claim's generation fences every later write of an older claim.
 */
describe(`leases and fencing (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const campaign = async (count: number) => {
    const user = await t.createUser({ role: 'sender' });
    return insertTestCampaign(t.app.db, { userId: user.id, recipients: recipients(count) });
  };

  it('lets a message start only with a quarter of its lease left, and renews it', async () => {
    const id = await campaign(3);
    let clock = Date.now();
    const now = () => new Date(clock);
    const keeper = new LeaseKeeper({
      db: t.app.db,
      owner: 'keeper',
      leaseSeconds: 8,
      now,
      log: t.app.log,
      serial: (write) => write(),
    });
    const claimedAt = clock;
    const claimed = await queue.claimMessages(t.app.db, {
      owner: 'keeper',
      campaignIds: [id],
      limit: 3,
      now: new Date(claimedAt),
      leaseSeconds: 8,
    });
    keeper.add(claimed, claimedAt);
    const [first, second, third] = claimed.map((row) => row.id);
    expect(keeper.mayStart(first!)).toBe(true);
    // 6.5 s in: 1.5 s left, under the 2 s margin. (A renewal starts by itself; wait for it.)
    clock = claimedAt + 6500;
    expect(keeper.mayStart(first!)).toBe(false);
    await keeper.renew();
    expect(keeper.mayStart(first!)).toBe(true);
    const renewed = (await messagesOf(t.app.db, id)).find((row) => row.id === first)!;
    expect(new Date(renewed.lease_expires_at!).getTime()).toBe(claimedAt + 6500 + 8000);

    // Another dispatcher takes the second row back (its lease ran out as the database sees it):
    // the next renewal does not keep it, and this one never starts it.
    await t.app.db
      .updateTable('messages')
      .set({ lease_expires_at: new Date(0).toISOString() })
      .where('id', '=', second!)
      .execute();
    expect(await queue.recoverExpiredLeases(t.app.db, { now: now() })).toBe(1);
    const other = await queue.claimMessages(t.app.db, {
      owner: 'other',
      campaignIds: [id],
      limit: 1,
      now: now(),
      leaseSeconds: 8,
    });
    expect(other.map((row) => row.id)).toEqual([second]);
    await keeper.renew();
    expect(keeper.holds(second!)).toBe(false);
    expect(keeper.mayStart(second!)).toBe(false);
    expect(keeper.holds(third!)).toBe(true);

    // A campaign seen paused: none of its messages start, until it is seen sending again.
    const before = keeper.readMark();
    keeper.markStopped([id]);
    expect(keeper.mayStart(third!)).toBe(false);
    // A read begun before the pause was seen, which still said sending, does not undo it.
    keeper.keepOnly([id], before);
    expect(keeper.mayStart(third!)).toBe(false);
    keeper.keepOnly([id], keeper.readMark());
    expect(keeper.mayStart(third!)).toBe(true);
    keeper.stop();
  });

  it("fences an earlier claim's writes once the row is claimed again, even by the same owner", async () => {
    const id = await campaign(1);
    const claim = () =>
      queue.claimMessages(t.app.db, {
        owner: 'same',
        campaignIds: [id],
        limit: 1,
        now: new Date(),
        leaseSeconds: 30,
      });
    const [early] = await claim();
    await queue.releaseMessages(t.app.db, {
      owner: 'same',
      rows: [{ id: early!.id, generation: early!.claim_generation }],
      now: new Date(),
    });
    const [late] = await claim();
    expect(late!.id).toBe(early!.id);
    expect(late!.claim_generation).toBe(early!.claim_generation + 1);
    const stale = { id: early!.id, generation: early!.claim_generation };
    // The earlier claim can neither renew, release nor record a result any more.
    expect(
      await queue.renewLeases(t.app.db, { owner: 'same', rows: [stale], now: new Date(), leaseSeconds: 30 }),
    ).toEqual(new Set());
    await queue.releaseMessages(t.app.db, { owner: 'same', rows: [stale], now: new Date() });
    expect(
      await queue.markSent(t.app.db, {
        owner: 'same',
        now: new Date(),
        rows: [{ ...stale, response: '250 stale', messageId: '<stale@x>' }],
      }),
    ).toEqual([]);
    expect((await messagesOf(t.app.db, id))[0]).toMatchObject({
      status: 'sending',
      claim_generation: late!.claim_generation,
    });
    // The current claim can.
    expect(
      await queue.markSent(t.app.db, {
        owner: 'same',
        now: new Date(),
        rows: [{ id: late!.id, generation: late!.claim_generation, response: '250 ok', messageId: '<ok@x>' }],
      }),
    ).toEqual([late!.id]);
    expect((await messagesOf(t.app.db, id))[0]).toMatchObject({ status: 'sent', smtp_response: '250 ok' });
  });
});
