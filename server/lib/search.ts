import { sql, type RawBuilder } from 'kysely';

/** LIKE pattern for a search term, with the user's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `lower(column) like pattern`, the same on both engines. ESCAPE is spelled out: SQLite has no
 * default escape character, PostgreSQL's is backslash.
 */
export function containsText(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * `column like pattern` for a column already kept lower-cased (an e-mail key, a search text):
 * without lower(), so a trigram index on the column itself still serves it.
 */
export function containsLowerText(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
