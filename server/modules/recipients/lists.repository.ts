import type { ListQuery } from '../../../contract/list.contract.ts';
import { offsetOf } from '../../../contract/list.contract.ts';
import type { RecipientList } from '../../../contract/recipients.contract.ts';
import type { Db } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';
import type { Actor } from './access.ts';

type ListOrdering = 'name' | 'created_at' | 'recipients_count';

function listsQuery(db: Db, actor: Actor, search: string | undefined) {
  let query = db
    .selectFrom('recipient_lists as l')
    .innerJoin('users as u', 'u.id', 'l.owner_id')
    // Administrators read everyone's lists; everybody else only their own.
    .$if(actor.role !== 'admin', (q) => q.where('l.owner_id', '=', actor.id));
  if (search) query = query.where(containsText('l.name', containsPattern(search)));
  return query;
}

const listColumns = [
  'l.id',
  'l.name',
  'l.recipients_count',
  'l.owner_id',
  'u.username as owner_username',
  'l.created_at',
  'l.updated_at',
] as const;

export async function pageLists(db: Db, actor: Actor, query: ListQuery<ListOrdering>) {
  const ordering = query.ordering ?? '-created_at';
  const column = ordering.replace(/^-/, '') as ListOrdering;
  const { count } = await listsQuery(db, actor, query.search)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const results = await listsQuery(db, actor, query.search)
    .select(listColumns)
    .orderBy(`l.${column}`, ordering.startsWith('-') ? 'desc' : 'asc')
    .orderBy('l.id')
    .offset(offsetOf(query))
    .limit(query.page_size)
    .execute();
  return { count: Number(count), results };
}

export async function readListView(db: Db, id: string): Promise<RecipientList> {
  return db
    .selectFrom('recipient_lists as l')
    .innerJoin('users as u', 'u.id', 'l.owner_id')
    .select(listColumns)
    .where('l.id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function insertList(db: Db, ownerId: string, name: string, now: Date) {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  await db
    .insertInto('recipient_lists')
    .values({ id, owner_id: ownerId, name, created_at: at, updated_at: at })
    .execute();
  return readListView(db, id);
}

export async function renameList(db: Db, id: string, name: string, now: Date) {
  await db
    .updateTable('recipient_lists')
    .set({ name, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
  return readListView(db, id);
}

/** Recipients and group memberships go with the list (foreign keys cascade). */
export async function deleteList(db: Db, id: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recipient_group_lists').where('list_id', '=', id).execute();
    await trx.deleteFrom('recipients').where('list_id', '=', id).execute();
    await trx.deleteFrom('recipient_lists').where('id', '=', id).execute();
  });
}

/** Recounts a list's recipients inside the caller's transaction: the count can never drift. */
export async function recount(trx: Db, listId: string, now: Date) {
  await trx
    .updateTable('recipient_lists')
    .set((eb) => ({
      recipients_count: eb
        .selectFrom('recipients')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('list_id', '=', listId),
      updated_at: now.toISOString(),
    }))
    .where('id', '=', listId)
    .execute();
}
