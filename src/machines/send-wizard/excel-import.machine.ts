import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { emailProblem, normalizeEmail, stripInvisibleEnds } from '../../../contract/email.contract.ts';
import type { ImportResult } from '../../../contract/recipients.contract.ts';
import { MAX_SEND_ROWS } from '../../../contract/send.contract.ts';
import { autoMap, columnLabel, phoneLikeColumns, toAsciiDigits } from '../../lib/recipient-import/columns.ts';
import type { ParsedSheet } from '../../lib/recipient-import/sheet.ts';
import { notProvided } from '../notify.ts';
import {
  mappingChoices,
  parseInvoke,
  pickTransitions,
  sheetImportParts,
  type SheetImportFields,
} from '../sheet-import.ts';
import type { ExcelRecipients, SendRow } from './types.ts';

/** What a column of the sheet becomes in the send: a recipient field, a variable, or nothing. */
/** The list fields a send fills as lists do ({{phone}} and the rest), not as a custom variable. */
export const excelListFields = ['phone', 'organization', 'job_title', 'country'] as const;
type ExcelListField = (typeof excelListFields)[number];
export type ExcelTarget = 'email' | 'name' | 'attachment' | ExcelListField | 'variable' | 'skip';
export const excelTargets: readonly ExcelTarget[] = [
  'email',
  'name',
  'attachment',
  ...excelListFields,
  'variable',
  'skip',
];
const isListField = (target: string): target is ExcelListField =>
  (excelListFields as readonly string[]).includes(target);

/** The file, sheet and column choices are the shared part's (../sheet-import.ts). */
export interface ExcelImportContext extends SheetImportFields<ExcelTarget> {
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
function guess(headers: string[]): { mapping: ExcelTarget[]; variableNames: string[] } {
  const fields = autoMap(headers);
  return {
    mapping: fields.map((field) =>
      field === 'email' ||
      field === 'name' ||
      field === 'attachment' ||
      field === 'skip' ||
      isListField(field)
        ? field
        : 'variable',
    ),
    // A known list field keeps its own name, so {{organization}} works as it does for lists.
    variableNames: fields.map((field, index) =>
      field === 'extra' || field === 'skip' ? columnLabel(headers, index).trim() : field,
    ),
  };
}

// The e-mail, name, attachment and each list field belong to one column each: the column that
// had it becomes a variable.
const sheetImport = sheetImportParts<ExcelImportContext, ExcelImportEvent>({
  maxRows: MAX_SEND_ROWS,
  guess,
  fallback: 'variable',
  shared: ['variable', 'skip'],
});
const choices = mappingChoices<ExcelTarget>();

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
      if (target === 'name' || target === 'attachment' || isListField(target)) row[target] = value;
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
  actions: sheetImport.actions,
  guards: {
    ...sheetImport.guards,
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
    picking: { on: { 'excel.pick': pickTransitions } },
    parsing: { tags: ['busy'], invoke: parseInvoke },
    mapping: {
      on: {
        'excel.map': choices.map,
        'excel.sheet': choices.sheet,
        'excel.header': choices.header,
        'excel.digits': choices.digits,
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
