/**
 * Driver errors that callers act on, recognised on both engines: better-sqlite3 reports string
 * codes (SQLITE_CONSTRAINT_UNIQUE, SQLITE_BUSY), pg reports SQLSTATE codes.
 */
function codeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Errors after which running the same transaction again can succeed. */
export function isTransientConflict(error: unknown): boolean {
  const code = codeOf(error);
  // 40001 serialization failure, 40P01 deadlock detected; SQLite: another writer held the lock.
  return (
    isUniqueViolation(error) ||
    code === '40001' ||
    code === '40P01' ||
    code?.startsWith('SQLITE_BUSY') === true
  );
}
