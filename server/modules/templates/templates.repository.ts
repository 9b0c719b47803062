import type { Db, TemplateRow } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

/** A template row with its owner's user name, which administrators see in the list. */
export type TemplateWithOwner = TemplateRow & { owner_username: string };

export type TemplateOrdering = 'name' | 'created_at' | 'updated_at';

function withOwner(db: Db) {
  return db.selectFrom('templates').innerJoin('users', 'users.id', 'templates.owner_id');
}

/** `ownerId` undefined means every owner's templates (administrators). */
function filtered(db: Db, filter: { ownerId?: string | undefined; search?: string | undefined }) {
  let query = withOwner(db);
  if (filter.ownerId !== undefined) query = query.where('templates.owner_id', '=', filter.ownerId);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([containsText('templates.name', pattern), containsText('templates.subject', pattern)]),
    );
  }
  return query;
}

export async function listTemplates(
  db: Db,
  filter: { ownerId?: string | undefined; search?: string | undefined },
  page: { offset: number; limit: number; orderBy: TemplateOrdering; descending: boolean },
): Promise<{ count: number; rows: Omit<TemplateWithOwner, 'content'>[] }> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .select([
      'templates.id',
      'templates.owner_id',
      'templates.name',
      'templates.subject',
      'templates.editor',
      'templates.variables',
      'templates.created_at',
      'templates.updated_at',
      'users.username as owner_username',
    ])
    .orderBy(`templates.${page.orderBy}`, page.descending ? 'desc' : 'asc')
    .orderBy('templates.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(count), rows };
}

export async function findTemplate(db: Db, id: string): Promise<TemplateWithOwner | undefined> {
  return withOwner(db)
    .selectAll('templates')
    .select('users.username as owner_username')
    .where('templates.id', '=', id)
    .executeTakeFirst();
}

export async function insertTemplate(db: Db, row: TemplateRow): Promise<void> {
  await db.insertInto('templates').values(row).execute();
}

export async function updateTemplate(
  db: Db,
  id: string,
  changes: Partial<Omit<TemplateRow, 'id' | 'owner_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('templates').set(changes).where('id', '=', id).execute();
}

export async function deleteTemplate(db: Db, id: string, ownerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('templates')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
