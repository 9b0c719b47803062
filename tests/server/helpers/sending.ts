import { randomUUID } from 'node:crypto';
import type { Db } from '../../../server/db/schema.ts';

type ListRecipient = {
  email: string;
  name?: string;
  attachment?: string;
  extra?: { name: string; value: string }[];
};

/** A recipient list written straight to its tables (the recipients API is another module's). */
export async function insertList(db: Db, ownerId: string, recipients: ListRecipient[]): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('recipient_lists')
    .values({
      id,
      owner_id: ownerId,
      name: `list-${id.slice(0, 8)}`,
      recipients_count: recipients.length,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let at = 0; at < recipients.length; at += 1000) {
    await db
      .insertInto('recipients')
      .values(
        recipients.slice(at, at + 1000).map((recipient) => ({
          id: randomUUID(),
          list_id: id,
          owner_id: ownerId,
          email: recipient.email,
          email_key: recipient.email.toLowerCase(),
          name: recipient.name ?? '',
          job_title: '',
          phone: '',
          organization: '',
          country: '',
          extra: JSON.stringify(recipient.extra ?? []),
          attachment: recipient.attachment ?? '',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return id;
}

export async function insertGroup(db: Db, ownerId: string, listIds: string[]): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('recipient_groups')
    .values({ id, owner_id: ownerId, name: `group-${id.slice(0, 8)}`, created_at: now, updated_at: now })
    .execute();
  if (listIds.length > 0)
    await db
      .insertInto('recipient_group_lists')
      .values(listIds.map((listId) => ({ group_id: id, list_id: listId })))
      .execute();
  return id;
}

export async function suppress(db: Db, scope: string, email: string, reason: 'unsubscribed' | 'hard_bounce') {
  await db
    .insertInto('suppressions')
    .values({
      id: randomUUID(),
      scope,
      email_key: email.toLowerCase(),
      reason,
      message_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
