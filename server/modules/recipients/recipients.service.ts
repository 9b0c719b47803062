import type { z } from 'zod';
import { validationKeys } from '../../../contract/errors.contract.ts';
import type { createRecipientSchema, updateRecipientSchema } from '../../../contract/recipients.contract.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { readableList, writableList, type Actor } from './access.ts';
import * as recipients from './recipients.repository.ts';

const taken = () => conflict({ email: validationKeys.recipientExists }, 'The address is already in the list');

/** The check gives the usual answer; the unique index catches two requests racing past it. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** A recipient is reachable exactly when its list is (same 404 for someone else's as for none). */
export async function readableRecipient(db: Db, actor: Actor, id: string) {
  const row = await recipients.findRecipient(db, id);
  if (!row) throw notFound('Recipient');
  await readableList(db, actor, row.list_id).catch(() => {
    throw notFound('Recipient');
  });
  return row;
}

async function writableRecipient(db: Db, actor: Actor, id: string) {
  const row = await readableRecipient(db, actor, id);
  await writableList(db, actor, row.list_id);
  return row;
}

export async function createRecipient(
  db: Db,
  actor: Actor,
  input: z.output<typeof createRecipientSchema>,
  now: Date,
) {
  const list = await writableList(db, actor, input.list);
  if (await recipients.findByEmail(db, list.id, input.email)) throw taken();
  const row = await uniqueEmail(() => recipients.insertRecipient(db, list, input, now));
  return recipients.toRecipient(row);
}

export async function updateRecipient(
  db: Db,
  actor: Actor,
  id: string,
  changes: z.output<typeof updateRecipientSchema>,
  now: Date,
) {
  const current = recipients.toRecipient(await writableRecipient(db, actor, id));
  const next = { ...current, ...changes };
  if (changes.email && (await recipients.findByEmail(db, current.list_id, changes.email, id))) throw taken();
  return recipients.toRecipient(await uniqueEmail(() => recipients.updateRecipient(db, id, next, now)));
}

export async function removeRecipient(db: Db, actor: Actor, id: string, now: Date) {
  await recipients.deleteRecipient(db, await writableRecipient(db, actor, id), now);
}
