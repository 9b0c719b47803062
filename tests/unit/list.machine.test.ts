import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes, validationKeys } from '../../contract/errors.contract.ts';
import { SEARCH_DEBOUNCE_MS } from '../../src/machines/list.machine.ts';
import { nextOrdering } from '../../src/machines/list.query.ts';
import {
  selectCount,
  selectErrorKey,
  selectIsEmpty,
  selectIsFailed,
  selectIsFirstLoad,
  selectIsLoading,
  selectPageCount,
  selectPendingDelete,
  selectQuery,
  selectResults,
  selectSearchText,
} from '../../src/machines/list.selectors.ts';
import { settle } from '../support/controlled-actor.ts';
import { apiError, networkError } from '../support/fixtures.ts';
import { createListHarness, rows, type Row } from '../support/list-harness.ts';

async function loaded(count = 3, pageRows = rows(Math.min(count, 20))) {
  const harness = createListHarness();
  harness.fetchPage.resolve({ count, results: pageRows });
  await settle();
  return harness;
}

describe('list machine: loading', () => {
  it('asks for page 1 with the default query, then shows the rows', async () => {
    const { list, fetchPage } = createListHarness();
    const first = list.getSnapshot();

    fetchPage.resolve({ count: 2, results: rows(2) });
    await settle();

    expect(selectIsFirstLoad(first)).toBe(true);
    expect(fetchPage.last().input).toEqual({
      search: '',
      page: 1,
      page_size: 20,
      ordering: undefined,
      filters: {},
    });
    expect(list.getSnapshot().matches({ browsing: 'ready' })).toBe(true);
    expect(selectResults<Row>(list.getSnapshot()).map((row) => row.name)).toEqual(['Row 1', 'Row 2']);
    expect(selectCount(list.getSnapshot())).toBe(2);
  });

  it('starts from the page size, ordering and filters the resource asks for', () => {
    const { fetchPage } = createListHarness({
      page_size: 50,
      ordering: '-name',
      filters: { status: 'active' },
    });

    expect(fetchPage.last().input).toMatchObject({
      page_size: 50,
      ordering: '-name',
      filters: { status: 'active' },
    });
  });

  it('is empty when the page has no rows', async () => {
    const { list } = await loaded(0, []);

    expect(selectIsEmpty(list.getSnapshot())).toBe(true);
    expect(selectIsLoading(list.getSnapshot())).toBe(false);
  });

  it('fails with the error i18n key and loads again on retry', async () => {
    const { list, fetchPage } = createListHarness();
    fetchPage.reject(networkError());
    await settle();
    const failed = list.getSnapshot();

    list.send({ type: 'list.retry' });
    const retrying = list.getSnapshot();
    fetchPage.resolve({ count: 1, results: rows(1) });
    await settle();

    expect(selectIsFailed(failed)).toBe(true);
    expect(selectErrorKey(failed)).toBe(errorCodes.network);
    expect(selectIsLoading(retrying)).toBe(true);
    expect(fetchPage.calls).toHaveLength(2);
    expect(list.getSnapshot().matches({ browsing: 'ready' })).toBe(true);
    expect(selectErrorKey(list.getSnapshot())).toBeNull();
  });

  it('takes the server error code, e.g. forbidden', async () => {
    const { list, fetchPage } = createListHarness();
    fetchPage.reject(apiError(403, errorCodes.forbidden));
    await settle();

    expect(selectErrorKey(list.getSnapshot())).toBe(errorCodes.forbidden);
  });

  it('refreshes on list.refresh, keeping the rows on screen meanwhile', async () => {
    const { list, fetchPage } = await loaded(2, rows(2));

    list.send({ type: 'list.refresh' });

    expect(fetchPage.calls).toHaveLength(2);
    expect(selectIsLoading(list.getSnapshot())).toBe(true);
    expect(selectIsFirstLoad(list.getSnapshot())).toBe(false);
    expect(selectResults(list.getSnapshot())).toHaveLength(2);
  });
});

describe('list machine: search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches once, after the typing stops, from page 1', async () => {
    const { list, fetchPage } = await loaded(60);
    list.send({ type: 'list.page', page: 2 });
    fetchPage.resolve({ count: 60, results: rows(20, 21) });
    await settle();

    for (const text of ['a', 'ab', 'abc ']) {
      list.send({ type: 'list.search', text });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    }
    const whileTyping = fetchPage.calls.length;
    vi.advanceTimersByTime(1);

    expect(whileTyping).toBe(2);
    expect(selectSearchText(list.getSnapshot())).toBe('abc ');
    expect(fetchPage.calls).toHaveLength(3);
    expect(fetchPage.last().input).toMatchObject({ search: 'abc', page: 1 });
  });

  it('does not load again when the search ends where it started', async () => {
    const { list, fetchPage } = await loaded();

    list.send({ type: 'list.search', text: 'x' });
    list.send({ type: 'list.search', text: ' ' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

    expect(fetchPage.calls).toHaveLength(1);
  });

  it('a newer query cancels the request in flight', async () => {
    const { list, fetchPage } = await loaded();
    list.send({ type: 'list.search', text: 'a' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    const first = fetchPage.last();

    list.send({ type: 'list.order', ordering: 'name' });

    expect(first.signal.aborted).toBe(true);
    expect(fetchPage.last().input).toMatchObject({ search: 'a', ordering: 'name' });
  });
});

describe('list machine: paging, ordering, filters', () => {
  it('loads the page asked for and counts the pages', async () => {
    const { list, fetchPage } = await loaded(45);

    list.send({ type: 'list.page', page: 3 });

    expect(selectPageCount(list.getSnapshot())).toBe(3);
    expect(fetchPage.last().input).toMatchObject({ page: 3, page_size: 20 });
  });

  it('goes back to page 1 on a new page size, ordering or filter', async () => {
    const { list, fetchPage } = await loaded(100);
    const pages: number[] = [];
    for (const event of [
      { type: 'list.pageSize', page_size: 50 },
      { type: 'list.order', ordering: '-name' },
      { type: 'list.filter', name: 'status', value: 'active' },
    ] as const) {
      list.send({ type: 'list.page', page: 2 });
      list.send(event);
      pages.push(fetchPage.last().input.page);
    }

    expect(pages).toEqual([1, 1, 1]);
    expect(selectQuery(list.getSnapshot())).toMatchObject({
      page_size: 50,
      ordering: '-name',
      filters: { status: 'active' },
    });
  });

  it('removes a filter set to nothing, and ignores a change that changes nothing', async () => {
    const { list, fetchPage } = await loaded();
    list.send({ type: 'list.filter', name: 'status', value: 'active' });
    list.send({ type: 'list.filter', name: 'status', value: '' });
    const calls = fetchPage.calls.length;

    list.send({ type: 'list.page', page: 1 });
    list.send({ type: 'list.filter', name: 'other', value: undefined });

    expect(selectQuery(list.getSnapshot()).filters).toEqual({});
    expect(fetchPage.calls).toHaveLength(calls);
  });

  it('shows the last page when the one asked for is past the end', async () => {
    const { list, fetchPage } = await loaded(41);
    list.send({ type: 'list.page', page: 3 });
    fetchPage.resolve({ count: 40, results: [] });
    await settle();

    expect(fetchPage.last().input.page).toBe(2);
    expect(selectIsEmpty(list.getSnapshot())).toBe(false);
  });

  it('cycles a column ordering: ascending, descending, none', () => {
    expect(nextOrdering(undefined, 'name')).toBe('name');
    expect(nextOrdering('name', 'name')).toBe('-name');
    expect(nextOrdering('-name', 'name')).toBeUndefined();
    expect(nextOrdering('-email', 'name')).toBe('name');
  });
});

describe('list machine: delete with confirmation', () => {
  it('asks, deletes, says so, marks the cache stale and refreshes', async () => {
    const { list, fetchPage, deleteItem, notices, invalidate } = await loaded(3, rows(3));

    list.send({ type: 'list.delete.request', id: 'r2' });
    const asking = list.getSnapshot();
    list.send({ type: 'list.delete.confirm' });
    const deleting = list.getSnapshot();
    deleteItem.resolve(undefined);
    await settle();

    expect(asking.matches('confirmingDelete')).toBe(true);
    expect(selectPendingDelete<Row>(asking)?.name).toBe('Row 2');
    expect(deleting.matches('deleting')).toBe(true);
    expect(deleteItem.last().input).toEqual({ id: 'r2' });
    expect(notices).toEqual([{ kind: 'success', key: 'list.deleted' }]);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(fetchPage.calls).toHaveLength(2);
    expect(selectPendingDelete(list.getSnapshot())).toBeNull();
  });

  it("uses the resource's own success toast", async () => {
    const { list, fetchPage, deleteItem, notices } = createListHarness({ deletedKey: 'themes.deleted' });
    fetchPage.resolve({ count: 1, results: rows(1) });
    await settle();

    list.send({ type: 'list.delete.request', id: 'r1' });
    list.send({ type: 'list.delete.confirm' });
    deleteItem.resolve(undefined);
    await settle();

    expect(notices).toEqual([{ kind: 'success', key: 'themes.deleted' }]);
  });

  it('deletes nothing when cancelled', async () => {
    const { list, deleteItem, fetchPage } = await loaded();

    list.send({ type: 'list.delete.request', id: 'r1' });
    list.send({ type: 'list.delete.cancel' });

    expect(list.getSnapshot().matches({ browsing: 'ready' })).toBe(true);
    expect(deleteItem.calls).toHaveLength(0);
    expect(fetchPage.calls).toHaveLength(1);
  });

  it('refuses to ask about a row it does not show', async () => {
    const { list } = await loaded();

    list.send({ type: 'list.delete.request', id: 'nope' });

    expect(list.getSnapshot().matches({ browsing: 'ready' })).toBe(true);
  });

  it('keeps the row and shows the reason when the delete fails', async () => {
    const { list, deleteItem, notices, fetchPage } = await loaded();
    list.send({ type: 'list.delete.request', id: 'r1' });
    list.send({ type: 'list.delete.confirm' });

    deleteItem.reject(apiError(409, errorCodes.conflict, { id: validationKeys.inUse }));
    await settle();

    expect(notices).toEqual([{ kind: 'error', key: validationKeys.inUse }]);
    expect(list.getSnapshot().matches({ browsing: 'ready' })).toBe(true);
    expect(selectResults(list.getSnapshot())).toHaveLength(3);
    expect(fetchPage.calls).toHaveLength(1);
  });

  it('keeps a page change made during the delete for the refresh', async () => {
    const { list, deleteItem, fetchPage } = await loaded(45);
    list.send({ type: 'list.delete.request', id: 'r1' });
    list.send({ type: 'list.delete.confirm' });

    list.send({ type: 'list.page', page: 2 });
    const duringDelete = fetchPage.calls.length;
    deleteItem.resolve(undefined);
    await settle();

    expect(duringDelete).toBe(1);
    expect(fetchPage.last().input.page).toBe(2);
  });
});
