import { validationKeys } from '../../../contract/errors.contract.ts';
import { offsetOf, type ListQuery } from '../../../contract/list.contract.ts';
import type { RecipientGroup } from '../../../contract/recipients.contract.ts';
import type { Db } from '../../db/schema.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { containsPattern, containsText } from '../../lib/search.ts';
import type { Actor } from './access.ts';

function groupsQuery(db: Db, actor: Actor, search: string | undefined) {
  let query = db
    .selectFrom('recipient_groups as g')
    .innerJoin('users as u', 'u.id', 'g.owner_id')
    .$if(actor.role !== 'admin', (q) => q.where('g.owner_id', '=', actor.id));
  if (search) query = query.where(containsText('g.name', containsPattern(search)));
  return query;
}

const groupColumns = [
  'g.id',
  'g.name',
  'g.owner_id',
  'u.username as owner_username',
  'g.created_at',
  'g.updated_at',
] as const;

/** Adds each group's list ids (one query for the whole page). */
async function withLists<G extends { id: string }>(
  db: Db,
  groups: G[],
): Promise<(G & Pick<RecipientGroup, 'lists' | 'lists_count'>)[]> {
  const ids = groups.map((group) => group.id);
  const links = ids.length
    ? await db
        .selectFrom('recipient_group_lists')
        .select(['group_id', 'list_id'])
        .where('group_id', 'in', ids)
        .execute()
    : [];
  return groups.map((group) => {
    const lists = links
      .filter((link) => link.group_id === group.id)
      .map((link) => link.list_id)
      .sort();
    return { ...group, lists, lists_count: lists.length };
  });
}

export async function pageGroups(db: Db, actor: Actor, query: ListQuery<'name' | 'created_at'>) {
  const ordering = query.ordering ?? '-created_at';
  const column = ordering.replace(/^-/, '') as 'name' | 'created_at';
  const { count } = await groupsQuery(db, actor, query.search)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await groupsQuery(db, actor, query.search)
    .select(groupColumns)
    .orderBy(`g.${column}`, ordering.startsWith('-') ? 'desc' : 'asc')
    .orderBy('g.id')
    .offset(offsetOf(query))
    .limit(query.page_size)
    .execute();
  return { count: Number(count), results: await withLists(db, rows) };
}

export async function readGroupView(db: Db, id: string): Promise<RecipientGroup> {
  const row = await db
    .selectFrom('recipient_groups as g')
    .innerJoin('users as u', 'u.id', 'g.owner_id')
    .select(groupColumns)
    .where('g.id', '=', id)
    .executeTakeFirstOrThrow();
  const [group] = await withLists(db, [row]);
  return group!;
}

/**
 * A group holds only its owner's lists: an id of someone else's list is refused exactly like one
 * that does not exist, so a group cannot be used to reach another sender's recipients.
 */
async function assertOwnLists(db: Db, ownerId: string, lists: readonly string[]) {
  if (lists.length === 0) return;
  const own = await db
    .selectFrom('recipient_lists')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', lists)
    .execute();
  if (own.length !== lists.length) throw validationFailed({ lists: validationKeys.listNotFound });
}

export async function saveGroup(
  db: Db,
  ownerId: string,
  group: { id?: string; name?: string; lists?: string[] },
  now: Date,
): Promise<RecipientGroup> {
  if (group.lists) await assertOwnLists(db, ownerId, group.lists);
  const at = now.toISOString();
  const id = group.id ?? crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    if (group.id) {
      await trx
        .updateTable('recipient_groups')
        .set({ ...(group.name !== undefined ? { name: group.name } : {}), updated_at: at })
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('recipient_groups')
        .values({ id, owner_id: ownerId, name: group.name ?? '', created_at: at, updated_at: at })
        .execute();
    }
    if (group.lists) {
      await trx.deleteFrom('recipient_group_lists').where('group_id', '=', id).execute();
      if (group.lists.length > 0)
        await trx
          .insertInto('recipient_group_lists')
          .values(group.lists.map((listId) => ({ group_id: id, list_id: listId })))
          .execute();
    }
  });
  return readGroupView(db, id);
}

export async function deleteGroup(db: Db, id: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recipient_group_lists').where('group_id', '=', id).execute();
    await trx.deleteFrom('recipient_groups').where('id', '=', id).execute();
  });
}
