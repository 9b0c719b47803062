// Kept apart from parse-file.ts: the page imports these, and must not pull SheetJS into its bundle
// (the parser runs only in the worker).

/** One non-empty row of the user's file: its 1-based row number there, and its cells as text. */
export type SheetRow = { line: number; cells: string[] };
export type ParsedSheet = { headers: string[]; rows: SheetRow[] };

export type FileKind = 'xlsx' | 'xls' | 'csv';

/** The kind of a picked file, by its extension (what the user sees), or null when not supported. */
export function fileKindOf(name: string): FileKind | null {
  const extension = name.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return extension === 'xlsx' || extension === 'xls' || extension === 'csv' ? extension : null;
}
