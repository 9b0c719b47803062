/**
 * One machine behind every CRUD table (themes, recipients, templates, users, logs, ...).
 *
 * It owns the query (`search`, `page`, `page_size`, `ordering`, `filters`), fetches the page
 * through the `fetchPage` actor, and shows loading / ready / empty / failed. Deleting a row goes
 * request -> confirm (or cancel) -> deleting -> refresh, with a success toast. Nothing here knows a
 * resource: each one provides its calls and its toast, e.g.
 *
 *   const recipientsList = listMachine.provide({
 *     actors: {
 *       fetchPage: fromPromise(({ input, signal }) => call(recipientEndpoints.list, { query: toListQuery(input) }, signal)),
 *       deleteItem: fromPromise(({ input, signal }) => call(recipientEndpoints.remove, { params: input }, signal)),
 *     },
 *     actions: { notify: (_, notice) => notify(notice) },
 *   });
 *   const actor = createActor(recipientsList, { input: { deletedKey: 'recipients.deleted' } }).start();
 *
 * In React, `useListActor(machine, input)` (src/components/list/use-list-actor.ts) does that for
 * the life of a screen, the components in src/components/list/ render its states, and
 * list.selectors.ts holds what they read.
 *
 * Events (all the screen ever sends):
 * - `list.search {text}`: the search box's text; the query follows after SEARCH_DEBOUNCE_MS of
 *   quiet, back on page 1 (typing "abc" makes one request, not three).
 * - `list.page {page}`, `list.pageSize {page_size}`, `list.order {ordering}` (`name`, `-name` or
 *   undefined), `list.filter {name, value}` (undefined or '' removes it): each reloads; all but
 *   `list.page` go back to page 1. A change that leaves the query as it was loads nothing.
 * - `list.retry`: after a failed load. `list.refresh`: after a mutation made elsewhere (a form
 *   that created or edited a row).
 * - `list.delete.request {id}`, then `list.delete.confirm` or `list.delete.cancel`.
 * Query changes while a delete is being confirmed or sent are kept and used by the refresh.
 */
import { assign, cancel, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_PAGE_SIZE, type Page } from '../../contract/list.defaults.ts';
import { toAppError } from '../lib/app-error.ts';
import {
  nextQuery,
  sameQuery,
  type ListContext,
  type ListEvent,
  type ListInput,
  type ListItem,
  type ListRequest,
} from './list.query.ts';
import { failureNotice, notProvided, type Notice } from './notify.ts';

export type { ListContext, ListEvent, ListFilters, ListInput, ListItem, ListRequest } from './list.query.ts';
export { nextOrdering } from './list.query.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export const lastPageOf = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchPage: fromPromise<Page<ListItem>, ListRequest>(async () => notProvided('fetchPage')),
    deleteItem: fromPromise<unknown, { id: string }>(async () => notProvided('deleteItem')),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** After a delete, before the refresh: a resource marks its cached queries stale here. */
    invalidate: () => {},
    typeSearch: assign((_, text: string) => ({ searchText: text })),
    // Each keystroke pushes the commit back; only the last one, SEARCH_DEBOUNCE_MS later, lands.
    scheduleSearch: cancel('searchDebounce'),
    raiseSearchCommit: raise(
      { type: 'list.search.commit' },
      { delay: 'searchDebounce', id: 'searchDebounce' },
    ),
    applyQueryChange: assign(({ context, event }) => ({
      query: nextQuery(context.query, context.searchText, event),
    })),
    storePage: assign((_, page: Page<ListItem>) => ({
      count: page.count,
      countCapped: page.count_capped ?? false,
      results: page.results,
      errorKey: null,
    })),
    goToLastPage: assign(({ context }, page: Page<ListItem>) => ({
      query: { ...context.query, page: lastPageOf(page.count, context.query.page_size) },
    })),
    storeFailure: assign((_, params: { error: unknown }) => ({ errorKey: toAppError(params.error).code })),
    rememberDelete: assign((_, id: string) => ({ pendingDeleteId: id })),
    forgetDelete: assign({ pendingDeleteId: null }),
  },
  guards: {
    changesQuery: ({ context, event }) =>
      !sameQuery(nextQuery(context.query, context.searchText, event), context.query),
    isKnownItem: ({ context }, id: string) => context.results.some((item) => item.id === id),
    /** The page asked for lies past the end (its last rows were deleted): show the last one. */
    isPastLastPage: ({ context }, page: Page<ListItem>) =>
      page.results.length === 0 && page.count > 0 && context.query.page > 1,
    isEmptyPage: (_, page: Page<ListItem>) => page.results.length === 0,
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => ({
    query: {
      search: input.search ?? '',
      page: input.page ?? 1,
      page_size: input.page_size ?? DEFAULT_PAGE_SIZE,
      ordering: input.ordering,
      filters: input.filters ?? {},
    },
    searchText: input.search ?? '',
    count: 0,
    countCapped: false,
    results: [],
    errorKey: null,
    pendingDeleteId: null,
    deletedKey: input.deletedKey ?? 'list.deleted',
  }),
  initial: 'browsing',
  on: {
    'list.search': {
      actions: [
        { type: 'typeSearch', params: ({ event }) => event.text },
        'scheduleSearch',
        'raiseSearchCommit',
      ],
    },
    // Outside `browsing` (a delete under way) a query change is only remembered.
    'list.search.commit': { guard: 'changesQuery', actions: 'applyQueryChange' },
    'list.page': { guard: 'changesQuery', actions: 'applyQueryChange' },
    'list.pageSize': { guard: 'changesQuery', actions: 'applyQueryChange' },
    'list.order': { guard: 'changesQuery', actions: 'applyQueryChange' },
    'list.filter': { guard: 'changesQuery', actions: 'applyQueryChange' },
  },
  states: {
    browsing: {
      initial: 'loading',
      on: {
        'list.search.commit': { guard: 'changesQuery', target: '.loading', actions: 'applyQueryChange' },
        'list.page': { guard: 'changesQuery', target: '.loading', actions: 'applyQueryChange' },
        'list.pageSize': { guard: 'changesQuery', target: '.loading', actions: 'applyQueryChange' },
        'list.order': { guard: 'changesQuery', target: '.loading', actions: 'applyQueryChange' },
        'list.filter': { guard: 'changesQuery', target: '.loading', actions: 'applyQueryChange' },
        'list.refresh': { target: '.loading' },
      },
      states: {
        // The rows of the previous page stay on screen while the next one loads.
        loading: {
          tags: ['loading', 'busy'],
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => context.query,
            onDone: [
              {
                guard: { type: 'isPastLastPage', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: { type: 'goToLastPage', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isEmptyPage', params: ({ event }) => event.output },
                target: 'empty',
                actions: { type: 'storePage', params: ({ event }) => event.output },
              },
              { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          on: {
            'list.delete.request': {
              guard: { type: 'isKnownItem', params: ({ event }) => event.id },
              target: '#list.confirmingDelete',
              actions: { type: 'rememberDelete', params: ({ event }) => event.id },
            },
          },
        },
        empty: {},
        failed: {
          on: { 'list.retry': { target: 'loading' } },
        },
      },
    },
    confirmingDelete: {
      on: {
        'list.delete.cancel': { target: 'browsing.ready', actions: 'forgetDelete' },
        'list.delete.confirm': { target: 'deleting' },
      },
    },
    deleting: {
      tags: ['busy'],
      exit: 'forgetDelete',
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ id: context.pendingDeleteId ?? '' }),
        onDone: {
          target: 'browsing.loading',
          actions: [
            { type: 'notify', params: ({ context }) => ({ kind: 'success', key: context.deletedKey }) },
            'invalidate',
          ],
        },
        // The row stays; the toast says why (e.g. validation.inUse).
        onError: {
          target: 'browsing.ready',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
  },
});

export type ListMachine = typeof listMachine;

/** What a resource plugs into the list machine. */
export interface ListResource<Item extends ListItem> {
  fetchPage: (request: ListRequest, signal: AbortSignal) => Promise<Page<Item>>;
  /** Lists without deletion leave it out; the machine never asks then (no delete button). */
  deleteItem?: (item: { id: string }, signal: AbortSignal) => Promise<unknown>;
  notify: (notice: Notice) => void;
  /** Marks cached copies of the list stale after a delete (e.g. a QueryClient key). */
  invalidate?: () => void;
}

/** The list machine with one resource's calls, toasts and cache. */
export function provideList<Item extends ListItem>(resource: ListResource<Item>): ListMachine {
  return listMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<ListItem>, ListRequest>(({ input, signal }) =>
        resource.fetchPage(input, signal),
      ),
      deleteItem: fromPromise<unknown, { id: string }>(async ({ input, signal }) =>
        resource.deleteItem ? resource.deleteItem(input, signal) : notProvided('deleteItem'),
      ),
    },
    actions: {
      notify: (_, notice) => resource.notify(notice),
      invalidate: () => resource.invalidate?.(),
    },
  });
}
export type ListActorRef = ActorRefFrom<typeof listMachine>;
export type ListSnapshot = SnapshotFrom<typeof listMachine>;
