import type { User } from '../../../contract/auth.contract.ts';
import type { Db, RecipientGroupRow, RecipientListRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';

export type Actor = Pick<User, 'id' | 'role'>;

/**
 * Senders see only their own lists and groups; an id that belongs to someone else answers
 * exactly like one that does not exist (404), so ids cannot be probed. Administrators read
 * everyone's but change only their own: they know the row exists, so they get 403.
 */
function readable<Row extends { owner_id: string }>(actor: Actor, row: Row | undefined, what: string): Row {
  if (!row || (row.owner_id !== actor.id && actor.role !== 'admin')) throw notFound(what);
  return row;
}

function writable<Row extends { owner_id: string }>(actor: Actor, row: Row | undefined, what: string): Row {
  const found = readable(actor, row, what);
  if (found.owner_id !== actor.id) throw forbidden();
  return found;
}

const findList = (db: Db, id: string) =>
  db.selectFrom('recipient_lists').selectAll().where('id', '=', id).executeTakeFirst();

const findGroup = (db: Db, id: string) =>
  db.selectFrom('recipient_groups').selectAll().where('id', '=', id).executeTakeFirst();

export const readableList = async (db: Db, actor: Actor, id: string): Promise<RecipientListRow> =>
  readable(actor, await findList(db, id), 'List');

export const writableList = async (db: Db, actor: Actor, id: string): Promise<RecipientListRow> =>
  writable(actor, await findList(db, id), 'List');

export const readableGroup = async (db: Db, actor: Actor, id: string): Promise<RecipientGroupRow> =>
  readable(actor, await findGroup(db, id), 'Group');

export const writableGroup = async (db: Db, actor: Actor, id: string): Promise<RecipientGroupRow> =>
  writable(actor, await findGroup(db, id), 'Group');
