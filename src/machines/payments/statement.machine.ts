/**
 * Financial -> Account statement (issue 19): the statement's filters and its totals. The lines
 * page through the list machine; `applyFilters` keeps that list on the same filters, so the
 * table, the totals and an export always describe the same movements.
 *
 * - `loading` -> `ready` | `failed` (`statement.retry`): the totals of the current filters.
 * - `statement.type {value}`: one statement type, or '' for all.
 * - `statement.range {from, to}`: days as `YYYY-MM-DD`, '' for an open end. A start after the
 *   end changes nothing and sets `rangeInvalid` (the form says why) until a valid range comes.
 * Every change of filters reloads the totals; a change to what is already set loads nothing.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  statementTypeSchema,
  type StatementSummary,
  type StatementType,
} from '../../../contract/credits.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

/** What the server filters on: a type and the range as instants (from the local days). */
export type StatementFilters = { type?: StatementType; from?: string; to?: string };

export interface StatementContext {
  /** Whose statement: null for the signed-in user's own. */
  userId: string | null;
  /** The days as chosen, kept as typed so the form shows them. */
  days: { from: string; to: string };
  filters: StatementFilters;
  summary: StatementSummary | null;
  errorKey: string | null;
  rangeInvalid: boolean;
}

export type StatementEvent =
  | { type: 'statement.type'; value: string }
  | { type: 'statement.range'; from: string; to: string }
  | { type: 'statement.retry' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A local day's first and last instant as ISO text: "from the 1st to the 3rd" includes all of
 * the 3rd, in the reader's own time zone.
 */
export function dayBounds(from: string, to: string): Pick<StatementFilters, 'from' | 'to'> {
  return {
    ...(DAY.test(from) ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
    ...(DAY.test(to) ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
  };
}

const sameFilters = (a: StatementFilters, b: StatementFilters) =>
  a.type === b.type && a.from === b.from && a.to === b.to;

function withType(filters: StatementFilters, value: string): StatementFilters {
  const parsed = statementTypeSchema.safeParse(value);
  const { type: _old, ...rest } = filters;
  return parsed.success ? { ...rest, type: parsed.data } : rest;
}

function withRange(filters: StatementFilters, from: string, to: string): StatementFilters {
  const { from: _from, to: _to, ...rest } = filters;
  return { ...rest, ...dayBounds(from, to) };
}

export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    input: {} as { userId: string | null },
  },
  actors: {
    loadSummary: fromPromise<StatementSummary, { userId: string | null; filters: StatementFilters }>(
      async () => notProvided('loadSummary'),
    ),
  },
  actions: {
    /** Puts the list of lines on the same filters (provided by the screen). */
    applyFilters: (_, _filters: StatementFilters) => {},
  },
  guards: {
    changesType: ({ context, event }) =>
      event.type === 'statement.type' &&
      !sameFilters(context.filters, withType(context.filters, event.value)),
    rangeBackwards: ({ event }) =>
      event.type === 'statement.range' && DAY.test(event.from) && DAY.test(event.to) && event.from > event.to,
    changesRange: ({ context, event }) =>
      event.type === 'statement.range' &&
      !sameFilters(context.filters, withRange(context.filters, event.from, event.to)),
  },
}).createMachine({
  id: 'statement',
  context: ({ input }) => ({
    userId: input.userId,
    days: { from: '', to: '' },
    filters: {},
    summary: null,
    errorKey: null,
    rangeInvalid: false,
  }),
  initial: 'loading',
  on: {
    'statement.type': {
      guard: 'changesType',
      target: '.loading',
      actions: [
        assign({ filters: ({ context, event }) => withType(context.filters, event.value) }),
        { type: 'applyFilters', params: ({ context }) => context.filters },
      ],
    },
    'statement.range': [
      {
        guard: 'rangeBackwards',
        actions: assign({
          days: ({ event }) => ({ from: event.from, to: event.to }),
          rangeInvalid: true,
        }),
      },
      {
        guard: 'changesRange',
        target: '.loading',
        actions: [
          assign({
            days: ({ event }) => ({ from: event.from, to: event.to }),
            filters: ({ context, event }) => withRange(context.filters, event.from, event.to),
            rangeInvalid: false,
          }),
          { type: 'applyFilters', params: ({ context }) => context.filters },
        ],
      },
      // The same range again (or a correction back to it): only the warning goes.
      { actions: assign({ days: ({ event }) => ({ from: event.from, to: event.to }), rangeInvalid: false }) },
    ],
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        input: ({ context }) => ({ userId: context.userId, filters: context.filters }),
        onDone: {
          target: 'ready',
          actions: assign({ summary: ({ event }) => event.output, errorKey: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    ready: {},
    failed: { on: { 'statement.retry': 'loading' } },
  },
});

export type StatementActorRef = ActorRefFrom<typeof statementMachine>;
export type StatementSnapshot = SnapshotFrom<typeof statementMachine>;
