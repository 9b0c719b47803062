import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { emailProblem, normalizeEmail, stripInvisibleEnds } from '../../../contract/email.contract.ts';
import type { ImportResult } from '../../../contract/recipients.contract.ts';
import { MAX_SEND_ROWS } from '../../../contract/send.contract.ts';
import { autoMap, columnLabel, phoneLikeColumns, toAsciiDigits } from '../../lib/recipient-import/columns.ts';
import {
  defaultSheetIndex,
  sheetView,
  type BookSheet,
  type ParsedSheet,
  type SheetRow,
} from '../../lib/recipient-import/sheet.ts';
import { notProvided } from '../notify.ts';
import { PARSE_FAILED, parsedSheetProblem, pickedFileProblem } from '../sheet-file-rules.ts';
import type { ExcelRecipients, SendRow } from './types.ts';

/** What a column of the sheet becomes in the send: a recipient field, a variable, or nothing. */
export type ExcelTarget = 'email' | 'name' | 'attachment' | 'variable' | 'skip';
export const excelTargets: readonly ExcelTarget[] = ['email', 'name', 'attachment', 'variable', 'skip'];

export interface ExcelImportContext {
  file: File | null;
  errorKey: string | null;
  /** Every sheet of the file; the user picks the sheet and which of its rows is the header. */
  sheets: BookSheet[];
  sheetIndex: number;
  headerIndex: number;
  headers: string[];
  rows: SheetRow[];
  mapping: ExcelTarget[];
  /** Arabic-Indic digits of phone-like columns become ASCII digits (off unless chosen). */
  asciiDigits: boolean;
  /** The variable each column fills when mapped to one ({{organization}}, {{contract_no}}). */
  variableNames: string[];
  result: ExcelRecipients | null;
  /** Rows left out because their e-mail cell is not an address. */
  skippedRows: number;
}

export type ExcelImportEvent =
  | { type: 'excel.pick'; file: File | null }
  | { type: 'excel.map'; column: number; target: ExcelTarget }
  | { type: 'excel.sheet'; index: number }
  | { type: 'excel.header'; index: number }
  | { type: 'excel.digits'; on: boolean }
  | { type: 'excel.confirm' }
  | { type: 'excel.cancel' };

/** The import's own column guesses (same synonyms, Arabic and English), narrowed to a send's fields. */
function guess(headers: string[]): Pick<ExcelImportContext, 'mapping' | 'variableNames'> {
  const fields = autoMap(headers);
  return {
    mapping: fields.map((field) =>
      field === 'email' || field === 'name' || field === 'attachment' || field === 'skip'
        ? field
        : 'variable',
    ),
    // A known list field keeps its own name, so {{organization}} works as it does for lists.
    variableNames: fields.map((field, index) =>
      field === 'extra' || field === 'skip' ? columnLabel(headers, index).trim() : field,
    ),
  };
}

/** The header, rows and guessed mapping of one sheet with one header row. */
function view(sheets: BookSheet[], sheetIndex: number, headerIndex: number) {
  const { headers, rows } = sheetView(sheets[sheetIndex], headerIndex);
  return { sheetIndex, headerIndex, headers, rows, ...guess(headers) };
}

/** What a parse gives: the worker's sheets, or (a test's plain sheet) one sheet of its rows. */
function sheetsOf(sheet: ParsedSheet): BookSheet[] {
  if (sheet.sheets) return sheet.sheets;
  const headerLine = Math.max(1, (sheet.rows[0]?.line ?? 2) - 1);
  return [{ name: '', lines: [{ line: headerLine, cells: sheet.headers }, ...sheet.rows] }];
}

/**
 * The rows the send takes: those with a real address, each other mapped column as text. Every
 * cell loses the invisible characters at its ends (`cleaned` counts those cells); a row whose
 * address is missing or wrong is left out with its reason (`rejected`, for the download).
 */
export function toSendRows(context: ExcelImportContext): {
  rows: SendRow[];
  skipped: number;
  rejected: ImportResult['rejected'];
  cleaned: number;
} {
  const emailColumn = context.mapping.indexOf('email');
  const convert = context.asciiDigits ? phoneLikeColumns(context.rows, context.mapping) : [];
  const rows: SendRow[] = [];
  const rejected: ImportResult['rejected'] = [];
  let cleaned = 0;
  const clean = (raw: string) => {
    const stripped = stripInvisibleEnds(raw);
    if (stripped.cleaned) cleaned += 1;
    return stripped.text;
  };
  for (const { line, cells } of context.rows) {
    const email = normalizeEmail(clean(cells[emailColumn] ?? ''));
    const problem = emailProblem(email);
    if (problem) {
      rejected.push({ row: line, reason: problem });
      continue;
    }
    const row: SendRow = { email };
    context.mapping.forEach((target, column) => {
      if (target === 'email' || target === 'skip') return;
      const cell = clean(cells[column] ?? '');
      const value = convert[column] ? toAsciiDigits(cell) : cell;
      if (target === 'name' || target === 'attachment') row[target] = value;
      else if (target === 'variable' && context.variableNames[column])
        row[context.variableNames[column]] = value;
    });
    rows.push(row);
  }
  return { rows, skipped: rejected.length, rejected, cleaned };
}

/**
 * The "from Excel" source: pick a sheet, parse it in the recipients import's worker, map its
 * columns, and hand the rows to the wizard (this machine's output; null when cancelled).
 */
export const excelImportMachine = setup({
  types: {
    context: {} as ExcelImportContext,
    events: {} as ExcelImportEvent,
    output: {} as { result: ExcelRecipients | null; skippedRows: number },
    tags: {} as 'busy',
  },
  actors: {
    parseFile: fromPromise<ParsedSheet, { file: File }>(async () => notProvided('parseFile')),
  },
  guards: {
    isBadPick: (_, file: File | null) => pickedFileProblem(file) !== null,
    isBadSheet: (_, sheet: ParsedSheet) => parsedSheetProblem(sheet, MAX_SEND_ROWS) !== null,
    noEmailColumn: ({ context }) => !context.mapping.includes('email'),
    noRows: ({ context }) => context.rows.length === 0,
    noValidRow: ({ context }) => toSendRows(context).rows.length === 0,
  },
}).createMachine({
  id: 'excelImport',
  context: {
    file: null,
    errorKey: null,
    sheets: [],
    sheetIndex: 0,
    headerIndex: 0,
    headers: [],
    rows: [],
    mapping: [],
    asciiDigits: false,
    variableNames: [],
    result: null,
    skippedRows: 0,
  },
  initial: 'picking',
  output: ({ context }) => ({ result: context.result, skippedRows: context.skippedRows }),
  on: { 'excel.cancel': '.cancelled' },
  states: {
    picking: {
      on: {
        'excel.pick': [
          {
            guard: { type: 'isBadPick', params: ({ event }) => event.file },
            actions: assign({ errorKey: ({ event }) => pickedFileProblem(event.file) }),
          },
          { target: 'parsing', actions: assign({ file: ({ event }) => event.file, errorKey: null }) },
        ],
      },
    },
    parsing: {
      tags: ['busy'],
      invoke: {
        id: 'parseFile',
        src: 'parseFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: { type: 'isBadSheet', params: ({ event }) => event.output },
            target: 'picking',
            actions: assign({ errorKey: ({ event }) => parsedSheetProblem(event.output, MAX_SEND_ROWS) }),
          },
          {
            target: 'mapping',
            actions: assign(({ event }) => {
              const sheets = sheetsOf(event.output);
              return { sheets, ...view(sheets, defaultSheetIndex(sheets), 0) };
            }),
          },
        ],
        onError: { target: 'picking', actions: assign({ errorKey: PARSE_FAILED }) },
      },
    },
    mapping: {
      on: {
        'excel.map': {
          actions: assign({
            // The e-mail, name and attachment belong to one column each: the column that had it
            // becomes a variable.
            mapping: ({ context, event }) =>
              context.mapping.map((target, column) =>
                column === event.column
                  ? event.target
                  : target === event.target && target !== 'variable' && target !== 'skip'
                    ? 'variable'
                    : target,
              ),
            errorKey: null,
          }),
        },
        'excel.sheet': {
          actions: assign(({ context, event }) => ({
            ...view(context.sheets, event.index, 0),
            errorKey: null,
          })),
        },
        'excel.header': {
          actions: assign(({ context, event }) => ({
            ...view(context.sheets, context.sheetIndex, event.index),
            errorKey: null,
          })),
        },
        'excel.digits': { actions: assign({ asciiDigits: ({ event }) => event.on }) },
        'excel.confirm': [
          { guard: 'noRows', actions: assign({ errorKey: 'recipients:import.empty' }) },
          { guard: 'noEmailColumn', actions: assign({ errorKey: 'recipients:import.emailColumnRequired' }) },
          { guard: 'noValidRow', actions: assign({ errorKey: 'send:excel.noValidRow' }) },
          {
            target: 'done',
            actions: assign(({ context }) => {
              const { rows, skipped } = toSendRows(context);
              return { result: { fileName: context.file?.name ?? '', rows }, skippedRows: skipped };
            }),
          },
        ],
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type ExcelImportActorRef = ActorRefFrom<typeof excelImportMachine>;
