import type { Db, SenderDomainRow } from '../../db/schema.ts';

export async function findDomains(db: Db, userId: string): Promise<SenderDomainRow[]> {
  return db
    .selectFrom('sender_domains')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function findDomain(db: Db, userId: string, id: string): Promise<SenderDomainRow | undefined> {
  return db
    .selectFrom('sender_domains')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDomainByName(db: Db, userId: string, domain: string) {
  return db
    .selectFrom('sender_domains')
    .selectAll()
    .where('user_id', '=', userId)
    .where('domain', '=', domain)
    .executeTakeFirst();
}

/** Any verified domain of that name (the product's own mail is signed with it), oldest first. */
export async function findVerifiedDomain(db: Db, domain: string) {
  return db
    .selectFrom('sender_domains')
    .select(['domain', 'dkim_selector', 'dkim_private_key'])
    .where('domain', '=', domain)
    .where('verified_at', 'is not', null)
    .orderBy('verified_at')
    .limit(1)
    .executeTakeFirst();
}

export async function insertDomain(db: Db, row: SenderDomainRow): Promise<SenderDomainRow> {
  return db.insertInto('sender_domains').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function saveDomainCheck(
  db: Db,
  id: string,
  check: { verified_at: string | null; last_checked_at: string; last_check: string },
): Promise<SenderDomainRow> {
  return db
    .updateTable('sender_domains')
    .set(check)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const deleteDomain = (db: Db, userId: string, id: string) =>
  deleteOwned(db, 'sender_domains', userId, id);

export async function findEmails(db: Db, userId: string) {
  return db
    .selectFrom('sender_emails')
    .select(['id', 'email', 'domain_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function insertEmail(
  db: Db,
  row: { id: string; user_id: string; domain_id: string; email: string },
) {
  await db
    .insertInto('sender_emails')
    .values({ ...row, email_key: row.email.toLowerCase(), created_at: new Date().toISOString() })
    .execute();
  return { id: row.id, email: row.email, domain_id: row.domain_id };
}

export const deleteEmail = (db: Db, userId: string, id: string) =>
  deleteOwned(db, 'sender_emails', userId, id);

export async function findNames(db: Db, userId: string) {
  return db
    .selectFrom('sender_names')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function insertName(db: Db, row: { id: string; user_id: string; name: string }) {
  await db
    .insertInto('sender_names')
    .values({ ...row, created_at: new Date().toISOString() })
    .execute();
  return { id: row.id, name: row.name };
}

export const deleteName = (db: Db, userId: string, id: string) => deleteOwned(db, 'sender_names', userId, id);

/** Removes one of a user's identity rows; false when the user has no such row. */
async function deleteOwned(
  db: Db,
  table: 'sender_domains' | 'sender_emails' | 'sender_names',
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
