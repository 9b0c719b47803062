import { assign, type EventObject } from 'xstate';
import {
  defaultSheetIndex,
  sheetView,
  type BookSheet,
  type ParsedSheet,
  type SheetRow,
} from '../lib/recipient-import/sheet.ts';
import { PARSE_FAILED, parsedSheetProblem, pickedFileProblem } from './sheet-file-rules.ts';

// The part every spreadsheet import shares, the recipients import (recipient-import.machine.ts)
// and the send wizard's "from Excel" (send-wizard/excel-import.machine.ts): pick a file, parse it
// in the worker, choose the sheet, its header row and the digits, and match the columns. Each
// machine keeps its own event names and targets, and what it does with the matched rows.

/** What the shared part keeps in a machine's context. */
export interface SheetImportFields<TTarget extends string> {
  file: File | null;
  /** i18n key of what went wrong before the rows are used (no file, wrong type, unreadable, ...). */
  errorKey: string | null;
  /** Every sheet of the file; the user picks the sheet and which of its rows is the header. */
  sheets: BookSheet[];
  sheetIndex: number;
  /** The header's place among the sheet's non-empty rows (0: the first, the default). */
  headerIndex: number;
  headers: string[];
  rows: SheetRow[];
  mapping: TTarget[];
  /** Arabic-Indic digits of phone-like columns become ASCII digits (off unless chosen). */
  asciiDigits: boolean;
}

/** What a parse gives: the worker's sheets, or (a test's plain sheet) one sheet of its rows. */
function sheetsOf(sheet: ParsedSheet): BookSheet[] {
  if (sheet.sheets) return sheet.sheets;
  const headerLine = Math.max(1, (sheet.rows[0]?.line ?? 2) - 1);
  return [{ name: '', lines: [{ line: headerLine, cells: sheet.headers }, ...sheet.rows] }];
}

type Picked = { event: { file: File | null } };
type Parsed = { event: { output: ParsedSheet } };

/**
 * The `picking` state's pick event and the `parsing` state's invoke, by the names of the actions
 * and guards of sheetImportParts(). Each machine puts them under its own event names.
 */
export const pickTransitions = [
  {
    guard: { type: 'isBadPick', params: ({ event }: Picked) => event.file },
    actions: { type: 'rejectPick', params: ({ event }: Picked) => event.file },
  },
  { target: 'parsing', actions: { type: 'takeFile', params: ({ event }: Picked) => event.file } },
] as const;

export const parseInvoke = {
  id: 'parseFile',
  src: 'parseFile',
  input: ({ context }: { context: { file: File | null } }) => ({ file: context.file! }),
  onDone: [
    {
      guard: { type: 'isBadSheet', params: ({ event }: Parsed) => event.output },
      target: 'picking',
      actions: { type: 'rejectSheet', params: ({ event }: Parsed) => event.output },
    },
    { target: 'mapping', actions: { type: 'takeSheets', params: ({ event }: Parsed) => event.output } },
  ],
  onError: { target: 'picking', actions: 'parseFailed' },
} as const;

/** The mapping state's own choices, by the names of the actions of sheetImportParts(). */
export const mappingChoices = <TTarget extends string>() =>
  ({
    map: {
      actions: {
        type: 'remap',
        params: ({ event }: { event: { column: number; target: TTarget } }) => event,
      },
    },
    sheet: {
      actions: { type: 'pickSheet', params: ({ event }: { event: { index: number } }) => event.index },
    },
    header: {
      actions: { type: 'pickHeader', params: ({ event }: { event: { index: number } }) => event.index },
    },
    digits: { actions: { type: 'setDigits', params: ({ event }: { event: { on: boolean } }) => event.on } },
  }) as const;

export interface SheetImportOptions<TContext extends SheetImportFields<TTarget>, TTarget extends string> {
  /** The most rows one file may have. */
  maxRows: number;
  /** The machine's guesses for a sheet's header: the mapping, and whatever else it keeps per column. */
  guess: (headers: string[]) => Pick<TContext, 'mapping'> & Partial<TContext>;
  /** What a column falls back to when another column takes its field. */
  fallback: NoInfer<TTarget>;
  /** Targets any number of columns may have (the fallback, skipping). */
  shared: readonly NoInfer<TTarget>[];
}

/** The guards and actions the shared transitions name, for the setup() of a machine of TContext and TEvent. */
export function sheetImportParts<
  TContext extends SheetImportFields<TTarget>,
  TEvent extends EventObject,
  TTarget extends string = TContext['mapping'][number],
>(options: SheetImportOptions<TContext, TTarget>) {
  // The changes below touch the shared fields (and the guessed ones) only, all of them TContext's.
  const update = <TParams>(change: (context: TContext, params: TParams) => object) =>
    assign<TContext, TEvent, TParams, TEvent, never>(
      ({ context }, params) => change(context, params) as Partial<TContext>,
    );
  /** The header, rows and guessed mapping of one sheet with one header row. */
  const view = (sheets: BookSheet[], sheetIndex: number, headerIndex: number) => {
    const { headers, rows } = sheetView(sheets[sheetIndex], headerIndex);
    return { sheetIndex, headerIndex, headers, rows, ...options.guess(headers) };
  };

  return {
    guards: {
      isBadPick: (_: unknown, file: File | null) => pickedFileProblem(file) !== null,
      isBadSheet: (_: unknown, sheet: ParsedSheet) => parsedSheetProblem(sheet, options.maxRows) !== null,
    },
    actions: {
      rejectPick: update((_, file: File | null) => ({ errorKey: pickedFileProblem(file) })),
      takeFile: update((_, file: File | null) => ({ file, errorKey: null })),
      rejectSheet: update((_, sheet: ParsedSheet) => ({
        errorKey: parsedSheetProblem(sheet, options.maxRows),
      })),
      takeSheets: update((_, sheet: ParsedSheet) => {
        const sheets = sheetsOf(sheet);
        return { sheets, ...view(sheets, defaultSheetIndex(sheets), 0) };
      }),
      parseFailed: update(() => ({ errorKey: PARSE_FAILED })),
      remap: update((context, { column, target }: { column: number; target: TTarget }) => ({
        mapping: context.mapping.map((had, index) =>
          index === column
            ? target
            : had === target && !options.shared.includes(had)
              ? options.fallback
              : had,
        ),
        errorKey: null,
      })),
      pickSheet: update((context, index: number) => ({ ...view(context.sheets, index, 0), errorKey: null })),
      pickHeader: update((context, index: number) => ({
        ...view(context.sheets, context.sheetIndex, index),
        errorKey: null,
      })),
      setDigits: update((_, on: boolean) => ({ asciiDigits: on })),
    },
  };
}
