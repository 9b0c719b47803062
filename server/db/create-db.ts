import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from './schema.ts';

export const SQLITE_FILE_NAME = 'el-namer.sqlite';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file in DATA_DIR. */
export function createDb(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) {
    // int8 (bigint: credits, counts) comes back as a number, not pg's default string; credits
    // stay far below 2^53, where a JavaScript number is still exact.
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, types });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(config.dataDir, SQLITE_FILE_NAME));
  // WAL lets readers work while one writer commits; busy_timeout makes a second process wait for
  // the write lock instead of failing at once; SQLite leaves foreign keys off unless asked.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE). The dispatcher
 * thread has a connection of its own; a deferred transaction that reads and then writes fails at
 * once with SQLITE_BUSY when the other connection committed in between (busy_timeout does not
 * apply to that upgrade), whereas an immediate one waits its turn under busy_timeout.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
