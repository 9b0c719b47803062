import type { Kysely } from 'kysely';
import { nameKey } from '../../lib/name-key.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema of their date, not today's types */

/**
 * Theme names become unique by `name_key` (see lib/name-key.ts) instead of the engine's lower().
 * Existing rows are backfilled; two names that only now fold alike (possible on SQLite) keep
 * both themes: the later one is renamed "name (2)" rather than lost or left failing the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('themes').addColumn('name_key', 'text').execute();

  const rows: Array<{ id: string; name: string }> = await db
    .selectFrom('themes')
    .select(['id', 'name'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const row of rows) {
    let name = row.name;
    for (let n = 2; taken.has(nameKey(name)); n++) name = `${row.name} (${n})`;
    taken.add(nameKey(name));
    await db
      .updateTable('themes')
      .set({ name, name_key: nameKey(name) })
      .where('id', '=', row.id)
      .execute();
  }

  await db.schema.dropIndex('themes_name_unique').execute();
  await db.schema.createIndex('themes_name_key_unique').on('themes').column('name_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('themes_name_key_unique').execute();
  await db.schema.alterTable('themes').dropColumn('name_key').execute();
}
