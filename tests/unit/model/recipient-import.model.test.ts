import { createActor, type Snapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import type { ImportResult, ImportRow } from '../../../contract/recipients.contract.ts';
import {
  recipientImportMachine,
  type RecipientImportContext,
} from '../../../src/machines/recipient-import.machine.ts';
import type { Notice } from '../../../src/machines/notify.ts';
import type { ParsedSheet } from '../../../src/services/recipient-import/parse-file.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { toModelMachine } from '../../support/model-machine.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
type ModelSnapshot = Snapshot<unknown> & { value: unknown; context: RecipientImportContext };
type ModelPath = TestPath<ModelSnapshot, ModelEvent>;

const input = { listId: 'list-1', chunkSize: 2 };
// Plain objects: the model tells events apart by their JSON, and a File's JSON is always {}.
const goodFile = { name: 'المستلمون.xlsx', size: 1 } as File;
const sheet: ParsedSheet = {
  headers: ['الاسم', 'البريد الإلكتروني', 'المدينة'],
  rows: [
    { line: 2, cells: ['علي', 'ali@example.com', 'جدة'] },
    { line: 3, cells: ['منى', 'bad-address', ''] },
    { line: 5, cells: ['هدى', 'huda@example.com', 'الرياض'] },
  ],
};
const stored: ImportResult = {
  added: 1,
  updated: 0,
  rejected: [{ row: 3, reason: 'validation.email' }],
  cleaned: 0,
};

const events: Array<[ModelEvent, string]> = [
  [{ type: 'import.pick', file: null }, 'no file'],
  [{ type: 'import.pick', file: { name: 'notes.pdf', size: 1 } }, 'a pdf'],
  [{ type: 'import.pick', file: { name: 'huge.csv', size: 26 * 1024 * 1024 } }, 'a 26 MB file'],
  [{ type: 'import.pick', file: goodFile }, 'an xlsx'],
  [{ type: 'xstate.done.actor.parseFile', output: sheet }, 'parsed'],
  [{ type: 'xstate.done.actor.parseFile', output: { headers: ['email'], rows: [] } }, 'parsed empty'],
  [{ type: 'xstate.error.actor.parseFile', error: new Error('corrupt') }, 'unreadable'],
  [{ type: 'import.map', column: 1, target: 'extra' }, 'unmap e-mail'],
  [{ type: 'import.map', column: 1, target: 'email' }, 'map e-mail'],
  [{ type: 'import.header', index: 1 }, 'row 2 as header'],
  [{ type: 'import.sheet', index: 0 }, 'first sheet'],
  [{ type: 'import.digits', on: true }, 'ASCII digits'],
  [{ type: 'import.start' }, 'start'],
  [{ type: 'xstate.done.actor.uploadChunk', output: stored }, 'chunk stored'],
  [
    { type: 'xstate.error.actor.uploadChunk', error: { code: 'errors.network', status: null } },
    'chunk failed',
  ],
  [{ type: 'import.cancel' }, 'cancel'],
  [{ type: 'import.retry' }, 'retry'],
  [{ type: 'import.reset' }, 'again'],
];

const model = createTestModel(toModelMachine(recipientImportMachine, input), {
  events: events.map(([event]) => event) as never,
});

const nameOf = (path: ModelPath) =>
  `${
    path.steps
      .map((step) => events.find(([event]) => event === step.event)?.[1])
      .filter(Boolean)
      .join(' → ') || 'start'
  } ⇒ ${JSON.stringify(path.state.value)}`;

function run(path: ModelPath, exactContext = true) {
  it(nameOf(path), async () => {
    const parse = controlledActor<ParsedSheet, { file: File }>();
    const upload = controlledActor<ImportResult, { listId: string; rows: ImportRow[] }>();
    const notices: Notice[] = [];
    const actor = createActor(
      recipientImportMachine.provide({
        actors: { parseFile: parse.logic, uploadChunk: upload.logic },
        actions: { notify: (_, notice) => void notices.push(notice) },
      }),
      { input },
    ).start();
    const act = (work: () => void) => async () => {
      work();
      await settle();
    };
    const send = ({ event }: { event: ModelEvent }) => act(() => actor.send(event as never))();
    await path.test({
      events: {
        'import.pick': send,
        'import.map': send,
        'import.header': send,
        'import.sheet': send,
        'import.digits': send,
        'import.start': send,
        'import.cancel': send,
        'import.retry': send,
        'import.reset': send,
        'xstate.done.actor.parseFile': ({ event }) =>
          act(() => parse.resolve((event as ModelEvent).output as ParsedSheet))(),
        'xstate.error.actor.parseFile': ({ event }) => act(() => parse.reject((event as ModelEvent).error))(),
        'xstate.done.actor.uploadChunk': ({ event }) =>
          act(() => upload.resolve((event as ModelEvent).output as ImportResult))(),
        'xstate.error.actor.uploadChunk': ({ event }) =>
          act(() => upload.reject((event as ModelEvent).error))(),
      },
      states: {
        '*': (state) => {
          const real = actor.getSnapshot();
          expect(real.value).toEqual(state.value);
          const pick = (c: RecipientImportContext) => ({
            errorKey: c.errorKey,
            mapping: c.mapping,
            headers: c.headers,
            headerIndex: c.headerIndex,
            asciiDigits: c.asciiDigits,
            queue: c.queue,
            failed: c.failed,
            added: c.added,
            rejected: c.rejected,
            sentRows: c.sentRows,
            cancelled: c.cancelled,
          });
          // Simple paths merge states by a shorter key, so their model context is only exact on shortest paths.
          if (exactContext) expect(pick(real.context)).toEqual(pick(state.context));
        },
        parsing: () => expect(parse.last().input.file).toBe(goodFile),
        uploading: (state) => {
          // The chunk in flight is the first queued one, with file row numbers and extra fields.
          const call = upload.last();
          expect(call.signal.aborted).toBe(false);
          expect(call.input).toEqual({
            listId: 'list-1',
            rows: state.context.chunks[state.context.queue[0]!],
          });
          expect(call.input.rows[0]).toMatchObject({ row: expect.any(Number), email: expect.any(String) });
        },
        summary: () => {
          const { context } = actor.getSnapshot();
          expect(notices.at(-1)).toEqual(
            context.failed.length === 0
              ? { kind: 'success', key: 'recipients:import.done' }
              : { kind: 'error', key: 'recipients:import.partial' },
          );
          if (context.cancelled && upload.calls.length > 0) expect(upload.last().signal.aborted).toBe(true);
        },
      },
    });
  });
}

describe('recipient import model: shortest path to every state', () => {
  const paths = model.getShortestPaths() as ModelPath[];
  it('reaches every state and every pre-upload refusal', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    for (const value of ['"picking"', '"parsing"', '"mapping"', '"uploading"', '"summary"'])
      expect(reached).toContain(value);
    const keys = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.context.errorKey)));
    for (const key of [
      'validation.fileRequired',
      'recipients:import.fileType',
      'recipients:import.fileTooLarge',
      'recipients:import.empty',
      'recipients:import.parseFailed',
      'recipients:import.emailColumnRequired',
    ])
      expect(keys).toContain(key);
  });
  paths.forEach((path) => run(path));
});

describe('recipient import model: simple paths to a summary', () => {
  const paths = model.getSimplePaths({
    serializeState: (state) =>
      JSON.stringify([state.value, state.context.queue, state.context.failed, state.context.cancelled]),
    toState: (state) => {
      // Every finished import; a summary with chunks left over is a step on the way (retry).
      const { value, context } = state as ModelSnapshot;
      return value === 'summary' && context.failed.length === 0;
    },
  }) as ModelPath[];
  it('include a chunk that failed, was retried and then stored', () => {
    expect(paths.map(nameOf)).toContain(
      'an xlsx → parsed → start → chunk failed → chunk stored → retry → chunk stored ⇒ "summary"',
    );
  });
  paths.slice(0, 60).forEach((path) => run(path, false));
});
