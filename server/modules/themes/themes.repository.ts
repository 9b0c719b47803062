import type { CreateThemeRequest, Theme, UpdateThemeRequest } from '../../../contract/theme.contract.ts';
import type { Db, ThemeRow } from '../../db/schema.ts';
import { nameKey } from '../../lib/name-key.ts';

export async function listThemes(db: Db): Promise<ThemeRow[]> {
  return db.selectFrom('themes').selectAll().orderBy('created_at').orderBy('name').execute();
}

export async function findThemeById(db: Db, id: string): Promise<ThemeRow | undefined> {
  return db.selectFrom('themes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Same comparison as the unique index on name_key, so the check and the index agree. */
export async function isThemeNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('themes').select('id').where('name_key', '=', nameKey(name));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertTheme(db: Db, input: CreateThemeRequest): Promise<ThemeRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('themes')
    .values({
      id: crypto.randomUUID(),
      ...input,
      name_key: nameKey(input.name),
      is_active: 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTheme(
  db: Db,
  id: string,
  patch: UpdateThemeRequest,
): Promise<ThemeRow | undefined> {
  return db
    .updateTable('themes')
    .set({
      ...patch,
      ...(patch.name !== undefined ? { name_key: nameKey(patch.name) } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTheme(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('themes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Makes `id` the only active theme. Run it in a transaction. Order matters twice over:
 * - the target row is locked first, so every activation takes its locks in the same order
 *   (own row, then the active row); PostgreSQL otherwise finds lock cycles between concurrent
 *   activations and aborts one after its 1 s deadlock timeout;
 * - the old theme is deactivated before the target is activated, or the partial unique index
 *   (one row with is_active = 1) refuses the activation.
 */
export async function makeOnlyActiveTheme(trx: Db, id: string): Promise<ThemeRow | undefined> {
  const now = new Date().toISOString();
  const locked = await trx
    .updateTable('themes')
    .set({ updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  if (locked.numUpdatedRows === 0n) return undefined;
  await trx
    .updateTable('themes')
    .set({ is_active: 0, updated_at: now })
    .where('is_active', '=', 1)
    .where('id', '<>', id)
    .execute();
  return trx
    .updateTable('themes')
    .set({ is_active: 1, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function toTheme(row: ThemeRow): Theme {
  return {
    id: row.id,
    name: row.name,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    accent_color: row.accent_color,
    is_active: row.is_active === 1,
  };
}
