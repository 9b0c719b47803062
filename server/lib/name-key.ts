/**
 * The one case-folded form names are compared by. Folding in JavaScript, not in SQL, because
 * SQLite's lower() folds ASCII only while PostgreSQL's follows the database's locale: "ÄRGER"
 * and "ärger" were one name on PostgreSQL and two on SQLite. NFKC first, so compatibility forms
 * (full-width letters, ligatures) fold to the same key as what they look like.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und');
}
