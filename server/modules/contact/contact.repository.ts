import type { ContactMessage } from '../../../contract/contact.contract.ts';
import type { ContactMessageRow, Db } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/search.ts';

export async function insertContactMessage(db: Db, row: ContactMessageRow): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

export async function listContactMessages(
  db: Db,
  options: { unread: boolean; search: string; offset: number; limit: number; descending: boolean },
) {
  let query = db.selectFrom('contact_messages');
  if (options.unread) query = query.where('read_at', 'is', null);
  const search = options.search.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or(
        (['full_name', 'email', 'company', 'message'] as const).map((column) =>
          containsText(column, pattern),
        ),
      ),
    );
  }
  const { count } = await query
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', options.descending ? 'desc' : 'asc')
    .orderBy('id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { count: Number(count), rows };
}

export async function setContactMessageRead(db: Db, id: string, readAt: string | null) {
  return db
    .updateTable('contact_messages')
    .set({ read_at: readAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteContactMessage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function activeAdminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .execute();
  return rows.map((row) => row.email);
}

export const toContactMessage = (row: ContactMessageRow): ContactMessage => ({
  id: row.id,
  full_name: row.full_name,
  phone: row.phone,
  email: row.email,
  company: row.company,
  message: row.message,
  language: row.language,
  read: row.read_at !== null,
  created_at: row.created_at,
});
