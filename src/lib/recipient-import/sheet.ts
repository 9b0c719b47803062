// Kept apart from parse-file.ts: the page imports these, and must not pull SheetJS into its bundle
// (the parser runs only in the worker).

/** One non-empty row of the user's file: its 1-based row number there, and its cells as text. */
export type SheetRow = { line: number; cells: string[] };
/** One sheet of a workbook (a CSV is one sheet without a name): its non-empty rows, in order. */
export type BookSheet = { name: string; lines: SheetRow[] };
/**
 * What the import works on: the header row's cells and the rows under it. The worker also hands
 * over every sheet's rows (`sheets`), so the user can pick another sheet or header row without
 * reading the file again; the header and rows it gives are its default choice (see `defaultView`).
 */
export type ParsedSheet = { headers: string[]; rows: SheetRow[]; sheets?: BookSheet[] };

export type FileKind = 'xlsx' | 'xls' | 'csv';

/**
 * The kind of a picked file, by its extension (what the user sees), or null when not supported.
 * Text files (.txt, .tsv: Excel's "Unicode text" and tab-separated text) are read as CSV is.
 */
export function fileKindOf(name: string): FileKind | null {
  const extension = name.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === 'txt' || extension === 'tsv') return 'csv';
  return extension === 'xlsx' || extension === 'xls' || extension === 'csv' ? extension : null;
}

/**
 * The header and rows of one sheet when its `headerIndex`-th non-empty row is the header: the
 * rows above it are left out (a title, a note), every row is as wide as the widest.
 */
export function sheetView(sheet: BookSheet | undefined, headerIndex: number): ParsedSheet {
  const header = sheet?.lines[headerIndex];
  if (!sheet || !header) return { headers: [], rows: [] };
  const rows = sheet.lines.slice(headerIndex + 1);
  // A loop, not Math.max(...rows): spreading 200k arguments overflows the stack.
  let width = header.cells.length;
  for (const row of rows) width = Math.max(width, row.cells.length);
  const pad = (cells: string[]) =>
    cells.length === width ? cells : Array.from({ length: width }, (_, i) => cells[i] ?? '');
  return { headers: pad(header.cells), rows: rows.map((row) => ({ line: row.line, cells: pad(row.cells) })) };
}

/**
 * The first sheet with a header and rows under it (a workbook often starts with an empty sheet or
 * one holding a note), else the first with any row.
 */
export function defaultSheetIndex(sheets: readonly BookSheet[]): number {
  const withRows = sheets.findIndex((sheet) => sheet.lines.length > 1);
  if (withRows >= 0) return withRows;
  const any = sheets.findIndex((sheet) => sheet.lines.length > 0);
  return any < 0 ? 0 : any;
}

/** The rows a user may pick as the header: the first few non-empty rows of the sheet. */
export const HEADER_CHOICES = 10;

export function headerChoices(sheet: BookSheet | undefined): { index: number; line: number; text: string }[] {
  return (sheet?.lines ?? []).slice(0, HEADER_CHOICES).map((row, index) => ({
    index,
    line: row.line,
    text: row.cells
      .filter((cell) => cell !== '')
      .join(' | ')
      .slice(0, 80),
  }));
}
