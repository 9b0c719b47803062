import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  MAX_IMPORT_CHUNK,
  MAX_IMPORT_ROWS,
  type ImportResult,
  type ImportRow,
} from '../../contract/recipients.contract.ts';
import {
  autoMap,
  splitDuplicates,
  toImportRows,
  type ColumnTarget,
} from '../lib/recipient-import/columns.ts';
import type { ParsedSheet } from '../lib/recipient-import/sheet.ts';
import { toAppError, toastKeyOf } from '../lib/app-error.ts';
import { notProvided, type Notice } from './notify.ts';
import {
  mappingChoices,
  parseInvoke,
  pickTransitions,
  sheetImportParts,
  type SheetImportFields,
} from './sheet-import.ts';

/**
 * Rows per upload: the server's most (docs/recipients-import.md). Each chunk is one request and
 * one transaction, so fewer, bigger chunks store 100k rows fastest; 20 steps still move the
 * progress bar smoothly.
 */
export const DEFAULT_CHUNK_SIZE = MAX_IMPORT_CHUNK;

/** The file, sheet and column choices are the shared part's (./sheet-import.ts). */
export interface RecipientImportContext extends SheetImportFields<ColumnTarget> {
  listId: string;
  chunkSize: number;
  chunks: ImportRow[][];
  /** Chunks still to send, in order; the first one is in flight while uploading. */
  queue: number[];
  /** Chunks the server never stored (network, server error) or that a cancel left unsent. */
  failed: number[];
  sentRows: number;
  added: number;
  updated: number;
  rejected: ImportResult['rejected'];
  /** Cells whose invisible characters at the ends the server removed. */
  cleaned: number;
  /** Why each failed chunk was not stored (an i18n key), by chunk, for the rejected-rows file. */
  chunkErrors: Record<number, string>;
  cancelled: boolean;
}

export type RecipientImportEvent =
  | { type: 'import.pick'; file: File | null }
  | { type: 'import.map'; column: number; target: ColumnTarget }
  | { type: 'import.sheet'; index: number }
  | { type: 'import.header'; index: number }
  | { type: 'import.digits'; on: boolean }
  | { type: 'import.start' }
  | { type: 'import.cancel' }
  | { type: 'import.retry' }
  | { type: 'import.reset' };

export type RecipientImportInput = { listId: string; chunkSize?: number };

const fresh = (input: RecipientImportInput): RecipientImportContext => ({
  listId: input.listId,
  chunkSize: Math.min(input.chunkSize ?? DEFAULT_CHUNK_SIZE, MAX_IMPORT_CHUNK),
  file: null,
  errorKey: null,
  sheets: [],
  sheetIndex: 0,
  headerIndex: 0,
  headers: [],
  rows: [],
  mapping: [],
  asciiDigits: false,
  chunks: [],
  queue: [],
  failed: [],
  sentRows: 0,
  added: 0,
  updated: 0,
  rejected: [],
  cleaned: 0,
  chunkErrors: {},
  cancelled: false,
});

// A field belongs to one column: the column that had it falls back to an extra field.
const sheetImport = sheetImportParts<RecipientImportContext, RecipientImportEvent>({
  maxRows: MAX_IMPORT_ROWS,
  guess: (headers) => ({ mapping: autoMap(headers) }),
  fallback: 'extra',
  shared: ['extra', 'skip'],
});
const choices = mappingChoices<ColumnTarget>();

const startOver = ({ context }: { context: RecipientImportContext }) =>
  fresh({ listId: context.listId, chunkSize: context.chunkSize });

/** The import flow of one list: picking -> parsing -> mapping -> uploading -> summary. */
export const recipientImportMachine = setup({
  types: {
    context: {} as RecipientImportContext,
    events: {} as RecipientImportEvent,
    input: {} as RecipientImportInput,
    tags: {} as 'busy',
  },
  actors: {
    parseFile: fromPromise<ParsedSheet, { file: File }>(async () => notProvided('parseFile')),
    uploadChunk: fromPromise<ImportResult, { listId: string; rows: ImportRow[] }>(async () =>
      notProvided('uploadChunk'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    ...sheetImport.actions,
  },
  guards: {
    ...sheetImport.guards,
    noEmailColumn: ({ context }) => !context.mapping.includes('email'),
    noRows: ({ context }) => context.rows.length === 0,
    queueEmpty: ({ context }) => context.queue.length === 0,
    hasFailed: ({ context }) => context.failed.length > 0,
  },
}).createMachine({
  id: 'recipientImport',
  context: ({ input }) => fresh(input),
  initial: 'picking',
  states: {
    picking: { on: { 'import.pick': pickTransitions } },
    parsing: {
      tags: ['busy'],
      invoke: parseInvoke,
      on: { 'import.cancel': { target: 'picking', actions: assign(startOver) } },
    },
    mapping: {
      on: {
        'import.map': choices.map,
        'import.sheet': choices.sheet,
        'import.header': choices.header,
        'import.digits': choices.digits,
        'import.start': [
          { guard: 'noRows', actions: assign({ errorKey: 'recipients:import.empty' }) },
          { guard: 'noEmailColumn', actions: assign({ errorKey: 'recipients:import.emailColumnRequired' }) },
          {
            target: 'uploading',
            actions: assign(({ context }) => {
              const all = toImportRows(context.headers, context.rows, context.mapping, {
                asciiDigits: context.asciiDigits,
              });
              // The file's own duplicates are refused here, across chunks: the first row wins.
              const { unique, duplicates } = splitDuplicates(all);
              const chunks: ImportRow[][] = [];
              for (let at = 0; at < unique.length; at += context.chunkSize)
                chunks.push(unique.slice(at, at + context.chunkSize));
              return {
                chunks,
                queue: chunks.map((_, index) => index),
                rejected: duplicates,
                sentRows: duplicates.length,
                errorKey: null,
              };
            }),
          },
        ],
        'import.cancel': { target: 'picking', actions: assign(startOver) },
      },
    },
    uploading: {
      tags: ['busy'],
      always: { guard: 'queueEmpty', target: 'summary' },
      invoke: {
        id: 'uploadChunk',
        src: 'uploadChunk',
        input: ({ context }) => ({ listId: context.listId, rows: context.chunks[context.queue[0]!] ?? [] }),
        onDone: {
          target: 'uploading',
          reenter: true,
          actions: assign(({ context, event }) => ({
            queue: context.queue.slice(1),
            sentRows: context.sentRows + (context.chunks[context.queue[0]!]?.length ?? 0),
            added: context.added + event.output.added,
            updated: context.updated + event.output.updated,
            rejected: [...context.rejected, ...event.output.rejected],
            cleaned: context.cleaned + event.output.cleaned,
          })),
        },
        // The chunk stored nothing (one transaction): keep it for "retry" and go on with the rest.
        onError: {
          target: 'uploading',
          reenter: true,
          actions: assign(({ context, event }) => ({
            queue: context.queue.slice(1),
            failed: [...context.failed, context.queue[0]!],
            // The field's own reason when the server named one (a cell too long), else the error's.
            chunkErrors: { ...context.chunkErrors, [context.queue[0]!]: toastKeyOf(toAppError(event.error)) },
          })),
        },
      },
      on: {
        // The chunk in flight is aborted; whatever was stored stays, the rest can be sent later.
        'import.cancel': {
          target: 'summary',
          actions: assign(({ context }) => ({
            failed: [...context.failed, ...context.queue].sort((a, b) => a - b),
            chunkErrors: Object.fromEntries(
              [...context.failed, ...context.queue].map((chunk) => [
                chunk,
                context.chunkErrors[chunk] ?? 'recipients:import.cancelledRow',
              ]),
            ),
            queue: [],
            cancelled: true,
          })),
        },
      },
    },
    summary: {
      entry: [
        {
          type: 'notify',
          params: ({ context }) =>
            context.failed.length === 0
              ? { kind: 'success', key: 'recipients:import.done' }
              : { kind: 'error', key: 'recipients:import.partial' },
        },
      ],
      on: {
        'import.retry': {
          guard: 'hasFailed',
          target: 'uploading',
          actions: assign(({ context }) => ({
            queue: context.failed,
            failed: [],
            chunkErrors: {},
            cancelled: false,
          })),
        },
        'import.reset': { target: 'picking', actions: assign(startOver) },
      },
    },
  },
});

export type RecipientImportActorRef = ActorRefFrom<typeof recipientImportMachine>;

/** Rows sent (or refused before upload) over all rows, 0..1, for the progress bar. */
export function progressOf(context: RecipientImportContext): number {
  const total = context.rows.length;
  return total === 0 ? 0 : context.sentRows / total;
}

/**
 * Every row the import did not store, with why: the server's and the browser's refusals, and the
 * rows of chunks that were never stored (the error that stopped them, or the cancel). This is
 * what the rejected-rows file holds, so no row is lost without a reason.
 */
export function unstoredRows(context: RecipientImportContext): ImportResult['rejected'] {
  const notSent = context.failed.flatMap((chunk) =>
    (context.chunks[chunk] ?? []).map((row, index) => ({
      row: row.row ?? index + 1,
      reason: context.chunkErrors[chunk] ?? 'recipients:import.cancelledRow',
    })),
  );
  return [...context.rejected, ...notSent];
}
