import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import * as migration from '../../server/db/migrations/2026-11-27-0240-campaign-counts.ts';
import type { Db, MessageRow } from '../../server/db/schema.ts';
import { grantCredits } from '../../server/modules/credits/ledger.ts';
import { insertUser } from '../../server/modules/users/users.repository.ts';
import { countsOf, noCounts } from '../../server/modules/logs/logs.repository.ts';
import { insertTestCampaign, recipients } from './helpers/campaigns.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/test-app.ts';

/**
 * The per-campaign counters the database keeps by trigger (issue 17) always equal a count of the
 * messages themselves, whatever writes the messages go through: a random history of inserts,
 * bulk and single updates of every counted column, and deletes, on both engines.
 */
describe(`campaign counters kept by the database (${engine})`, () => {
  let database: TestDatabase;
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.config);
    await migrateTo(db, '2026-11-27-0220-payment-receipts');
    userId = (
      await insertUser(db, {
        username: 'counts',
        email: 'counts@example.test',
        passwordHash: 'x',
        role: 'sender',
      })
    ).id;
    await grantCredits(db, {
      userId,
      amount: 10_000,
      reason: null,
      createdBy: null,
      now: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    await db.destroy();
    await database.cleanup();
  });

  /** countsOf's figures computed the slow way, from the message rows. */
  const recount = async (campaignId: string) => {
    const rows = await db.selectFrom('messages').selectAll().where('campaign_id', '=', campaignId).execute();
    const expected = noCounts();
    for (const row of rows) {
      expected[row.status] += 1;
      if (row.opened_at) expected.opened += 1;
      if (row.machine_opened_at) expected.machine_opened += 1;
      if (row.clicked_at) expected.clicked += 1;
      if (row.machine_clicked_at) expected.machine_clicked += 1;
      expected.possible_duplicates += row.possible_duplicate;
      if (row.bounced_at) expected.bounced += 1;
      if (row.complained_at) expected.complained += 1;
    }
    return expected;
  };

  it('fills the counters of campaigns that existed before it', async () => {
    const id = await insertTestCampaign(db, { userId, recipients: recipients(40, 'before') });
    await db
      .updateTable('messages')
      .set({ status: 'sent', opened_at: new Date().toISOString(), possible_duplicate: 1 })
      .where('campaign_id', '=', id)
      .where('email', 'like', 'r1%')
      .execute();
    const expected = await recount(id);
    await migrateToLatest(db);
    expect((await countsOf(db, [id])).get(id)).toEqual(expected);
    expect(expected.sent).toBeGreaterThan(0);
  });

  it('stays equal to a recount through a random history of writes', async () => {
    const ids = [
      await insertTestCampaign(db, { userId, recipients: recipients(120, 'a') }),
      await insertTestCampaign(db, { userId, recipients: recipients(80, 'b') }),
    ];
    let seed = 17;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const statuses: MessageRow['status'][] = ['queued', 'sending', 'sent', 'failed', 'cancelled', 'blocked'];
    const stamp = () => new Date(Date.now() - random(10_000)).toISOString();
    const columns = [
      'opened_at',
      'machine_opened_at',
      'clicked_at',
      'machine_clicked_at',
      'bounced_at',
      'complained_at',
    ] as const;
    for (let step = 0; step < 60; step++) {
      const campaignId = ids[random(ids.length)]!;
      const all = await db
        .selectFrom('messages')
        .select('id')
        .where('campaign_id', '=', campaignId)
        .execute();
      const some = all.filter(() => random(4) === 0).map((row) => row.id);
      if (some.length === 0) continue;
      const column = columns[random(columns.length)]!;
      switch (random(5)) {
        case 0: // a bulk status change, as a claim or a result batch writes it
          await db
            .updateTable('messages')
            .set({ status: statuses[random(statuses.length)]! })
            .where('id', 'in', some)
            .execute();
          break;
        case 1: // a counted time set or cleared
          await db
            .updateTable('messages')
            .set({ [column]: random(3) === 0 ? null : stamp() })
            .where('id', 'in', some)
            .execute();
          break;
        case 2: // flagged, or not
          await db
            .updateTable('messages')
            .set({ possible_duplicate: random(2) })
            .where('id', 'in', some)
            .execute();
          break;
        case 3: // one message at a time, status and a time together
          for (const id of some.slice(0, 5))
            await db
              .updateTable('messages')
              .set({ status: 'sent', [column]: stamp() })
              .where('id', '=', id)
              .execute();
          break;
        default: // a write that touches nothing counted (a lease renewal)
          await db
            .updateTable('messages')
            .set({ lease_expires_at: stamp() })
            .where('id', 'in', some)
            .execute();
      }
      if (step % 10 === 9)
        for (const id of ids) expect((await countsOf(db, [id])).get(id)).toEqual(await recount(id));
    }
    const counted = await countsOf(db, ids);
    for (const id of ids) expect(counted.get(id)).toEqual(await recount(id));
    expect(Object.values(counted.get(ids[0]!)!).some((value) => value > 0)).toBe(true);
  });

  it('forgets a deleted campaign, messages and all', async () => {
    const id = await insertTestCampaign(db, { userId, recipients: recipients(10, 'gone') });
    expect((await countsOf(db, [id])).get(id)?.queued).toBe(10);
    await db.deleteFrom('campaigns').where('id', '=', id).execute();
    expect(
      await db.selectFrom('campaign_counts').selectAll().where('campaign_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('undoes and redoes cleanly', async () => {
    const id = await insertTestCampaign(db, { userId, recipients: recipients(5, 'redo') });
    await migration.down(db);
    await db.updateTable('messages').set({ status: 'sent' }).where('campaign_id', '=', id).execute();
    await migration.up(db);
    expect((await countsOf(db, [id])).get(id)).toEqual(await recount(id));
  });
});
