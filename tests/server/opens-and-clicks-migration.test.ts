import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import * as migration from '../../server/db/migrations/2026-11-26-0120-opens-and-clicks.ts';
import * as campaignCounts from '../../server/db/migrations/2026-11-27-0240-campaign-counts.ts';
import type { Db } from '../../server/db/schema.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/test-app.ts';

/** The opens-and-clicks migration undoes and redoes cleanly on an up-to-date database. */
describe(`migration 2026-11-26-0120-opens-and-clicks (${engine})`, () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.config);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.cleanup();
  });

  // On PostgreSQL every test file has its own schema in one database, and introspection lists
  // them all: only this file's schema counts, or a neighbour's table answers for a dropped one.
  const columns = async (table: string) => {
    const schema =
      engine === 'postgres'
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
        : undefined;
    const found = (await db.introspection.getTables()).find(
      (candidate) => candidate.name === table && (schema === undefined || candidate.schema === schema),
    );
    return found?.columns.map((c) => c.name) ?? [];
  };

  it('drops its tables and columns, and adds them back with their defaults', async () => {
    expect(await columns('messages')).toEqual(expect.arrayContaining(['machine_open_count', 'click_count']));
    // The counters' triggers read the columns this migration drops: they go first, as a
    // migrator going down would take them.
    await campaignCounts.down(db);
    await migration.down(db);
    expect(await columns('campaign_links')).toEqual([]);
    expect(await columns('messages')).not.toContain('machine_open_count');
    expect(await columns('campaigns')).not.toContain('track_clicks');
    await migration.up(db);
    await campaignCounts.up(db);
    expect(await columns('campaigns')).toContain('track_clicks');
    expect(await columns('message_link_clicks')).toEqual(
      expect.arrayContaining(['message_id', 'link_number', 'campaign_id', 'click_count']),
    );
  });
});
