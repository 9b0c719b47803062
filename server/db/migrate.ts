import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { isPostgres } from './create-db.ts';
import * as usersAndSessions from './migrations/2026-11-22-0001-users-and-sessions.ts';
import * as themes from './migrations/2026-11-22-0002-themes.ts';

/**
 * Migrations are imported statically instead of read from a folder at run time, so they work the
 * same under tsx, vitest and any bundler. Names sort by their date prefix; add new ones below.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-users-and-sessions': usersAndSessions,
  '2026-11-22-0002-themes': themes,
};

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one PostgreSQL database (one per test file, or per tenant) it must be the current one.
  const migrationTableSchema = isPostgres(db) ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider: staticProvider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}

async function currentSchema<DB>(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}
