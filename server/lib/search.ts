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
