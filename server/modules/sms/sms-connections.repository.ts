import type { Db, SmsConnectionsTable } from '../../db/schema.ts';

export type SmsConnectionRow = SmsConnectionsTable;

export async function listSmsConnections(db: Db): Promise<SmsConnectionRow[]> {
  return db.selectFrom('sms_connections').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findSmsConnection(db: Db, id: string): Promise<SmsConnectionRow | undefined> {
  return db.selectFrom('sms_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function smsConnectionNameTaken(db: Db, name: string): Promise<boolean> {
  const row = await db.selectFrom('sms_connections').select('id').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function insertSmsConnection(db: Db, row: SmsConnectionRow): Promise<void> {
  await db.insertInto('sms_connections').values(row).execute();
}

export async function recordBindTest(
  db: Db,
  id: string,
  result: { state: 'bound' | 'failed'; error: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('sms_connections')
    .set({
      last_test_state: result.state,
      last_test_error: result.error,
      last_tested_at: result.at,
      updated_at: result.at,
    })
    .where('id', '=', id)
    .execute();
}
