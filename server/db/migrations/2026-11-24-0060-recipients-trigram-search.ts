import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The recipients search (a substring of e-mail, name, job title, phone, organization or country,
 * in any script) gets a trigram index, so it stops reading every row of a 100k list per keystroke:
 * - SQLite: an FTS5 table with the trigram tokenizer over `search_text`, its content read from
 *   `recipients` by rowid and kept in step by triggers. Its rowids are recipients' implicit
 *   rowids, which only VACUUM may renumber: after a VACUUM run
 *   `insert into recipients_search(recipients_search) values ('rebuild')`. (The search rechecks
 *   every hit with LIKE, so a stale index can miss rows but never show a wrong one.)
 * - PostgreSQL: a GIN index with pg_trgm's trigram operator class, which serves the same
 *   `search_text like '%term%'` the app already runs. When the extension cannot be created here
 *   (not installed, or no right to create it) the migration still succeeds without the index:
 *   searches stay correct, only as slow as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`create virtual table recipients_search using fts5(
      search_text, content = 'recipients', tokenize = 'trigram')`.execute(db);
    await sql`create trigger recipients_search_insert after insert on recipients begin
      insert into recipients_search(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
    await sql`create trigger recipients_search_delete after delete on recipients begin
      insert into recipients_search(recipients_search, rowid, search_text)
        values ('delete', old.rowid, old.search_text);
    end`.execute(db);
    await sql`create trigger recipients_search_update after update of search_text on recipients begin
      insert into recipients_search(recipients_search, rowid, search_text)
        values ('delete', old.rowid, old.search_text);
      insert into recipients_search(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
    await sql`insert into recipients_search(recipients_search) values ('rebuild')`.execute(db);
    return;
  }
  const schema = await trigramSchema(db);
  if (!schema) return;
  await sql`create index recipients_search_trigram on recipients
    using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger recipients_search_update`.execute(db);
    await sql`drop trigger recipients_search_delete`.execute(db);
    await sql`drop trigger recipients_search_insert`.execute(db);
    await sql`drop table recipients_search`.execute(db);
    return;
  }
  // The extension stays: other schemas of the same database may index with it.
  await sql`drop index if exists recipients_search_trigram`.execute(db);
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The schema pg_trgm lives in, creating it in `public` when missing (an extension is one per
 * database, while this app's tables may live in any schema; `public` outlives them). The attempt
 * runs under a savepoint because the migration is one transaction: a refusal, or a parallel
 * migration creating it first, must not abort the rest.
 */
async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const found = await installed();
  if (found) return found;
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint create_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
  }
  return installed();
}
