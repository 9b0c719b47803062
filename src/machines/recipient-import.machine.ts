import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  MAX_IMPORT_CHUNK,
  MAX_IMPORT_ROWS,
  type ImportResult,
  type ImportRow,
} from '../../contract/recipients.contract.ts';
import { autoMap, toImportRows, type ColumnTarget } from '../lib/recipient-import/columns.ts';
import type { ParsedSheet, SheetRow } from '../lib/recipient-import/sheet.ts';
import { notProvided, type Notice } from './notify.ts';
import { PARSE_FAILED, parsedSheetProblem, pickedFileProblem } from './sheet-file-rules.ts';

/** Rows per upload: small enough for a smooth progress bar, far under the server's 5,000. */
export const DEFAULT_CHUNK_SIZE = 1_000;

export interface RecipientImportContext {
  listId: string;
  chunkSize: number;
  file: File | null;
  /** i18n key of what went wrong before the upload (no file, wrong type, unreadable, ...). */
  errorKey: string | null;
  headers: string[];
  rows: SheetRow[];
  mapping: ColumnTarget[];
  chunks: ImportRow[][];
  /** Chunks still to send, in order; the first one is in flight while uploading. */
  queue: number[];
  /** Chunks the server never stored (network, server error) or that a cancel left unsent. */
  failed: number[];
  sentRows: number;
  added: number;
  updated: number;
  rejected: ImportResult['rejected'];
  cancelled: boolean;
}

export type RecipientImportEvent =
  | { type: 'import.pick'; file: File | null }
  | { type: 'import.map'; column: number; target: ColumnTarget }
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
  headers: [],
  rows: [],
  mapping: [],
  chunks: [],
  queue: [],
  failed: [],
  sentRows: 0,
  added: 0,
  updated: 0,
  rejected: [],
  cancelled: false,
});

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
  },
  guards: {
    isBadPick: (_, file: File | null) => pickedFileProblem(file) !== null,
    isBadSheet: (_, sheet: ParsedSheet) => parsedSheetProblem(sheet, MAX_IMPORT_ROWS) !== null,
    noEmailColumn: ({ context }) => !context.mapping.includes('email'),
    queueEmpty: ({ context }) => context.queue.length === 0,
    hasFailed: ({ context }) => context.failed.length > 0,
  },
}).createMachine({
  id: 'recipientImport',
  context: ({ input }) => fresh(input),
  initial: 'picking',
  states: {
    picking: {
      on: {
        'import.pick': [
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
            actions: assign({ errorKey: ({ event }) => parsedSheetProblem(event.output, MAX_IMPORT_ROWS) }),
          },
          {
            target: 'mapping',
            actions: assign(({ event }) => ({
              headers: event.output.headers,
              rows: event.output.rows,
              mapping: autoMap(event.output.headers),
            })),
          },
        ],
        onError: { target: 'picking', actions: assign({ errorKey: PARSE_FAILED }) },
      },
      on: { 'import.cancel': { target: 'picking', actions: assign(startOver) } },
    },
    mapping: {
      on: {
        'import.map': {
          actions: assign({
            mapping: ({ context, event }) =>
              context.mapping.map((target, column) =>
                column === event.column
                  ? event.target
                  : // A field belongs to one column: the column that had it falls back to an extra field.
                    target === event.target && target !== 'extra' && target !== 'skip'
                    ? 'extra'
                    : target,
              ),
            errorKey: null,
          }),
        },
        'import.start': [
          { guard: 'noEmailColumn', actions: assign({ errorKey: 'recipients:import.emailColumnRequired' }) },
          {
            target: 'uploading',
            actions: assign(({ context }) => {
              const all = toImportRows(context.headers, context.rows, context.mapping);
              const chunks: ImportRow[][] = [];
              for (let at = 0; at < all.length; at += context.chunkSize)
                chunks.push(all.slice(at, at + context.chunkSize));
              return { chunks, queue: chunks.map((_, index) => index), errorKey: null };
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
          })),
        },
        // The chunk stored nothing (one transaction): keep it for "retry" and go on with the rest.
        onError: {
          target: 'uploading',
          reenter: true,
          actions: assign(({ context }) => ({
            queue: context.queue.slice(1),
            failed: [...context.failed, context.queue[0]!],
          })),
        },
      },
      on: {
        // The chunk in flight is aborted; whatever was stored stays, the rest can be sent later.
        'import.cancel': {
          target: 'summary',
          actions: assign(({ context }) => ({
            failed: [...context.failed, ...context.queue].sort((a, b) => a - b),
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
          actions: assign(({ context }) => ({ queue: context.failed, failed: [], cancelled: false })),
        },
        'import.reset': { target: 'picking', actions: assign(startOver) },
      },
    },
  },
});

export type RecipientImportActorRef = ActorRefFrom<typeof recipientImportMachine>;

/** Rows sent over rows to send, 0..1, for the progress bar. */
export function progressOf(context: RecipientImportContext): number {
  const total = context.rows.length;
  return total === 0 ? 0 : context.sentRows / total;
}
