import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCodes } from '../../contract/errors.contract.ts';
import type { Page } from '../../contract/list.contract.ts';
import { ListTable, useListActor, type ListColumn } from '../../src/components/list/index.ts';
import { provideList, type ListRequest, type ListMachine } from '../../src/machines/list.machine.ts';
import type { Notify } from '../../src/machines/notify.ts';
import { renderWithProviders, type RenderOptions } from '../setup/render.tsx';

interface Person {
  id: string;
  name: string;
}

const people: Person[] = Array.from({ length: 12 }, (_, index) => ({
  id: `p${index + 1}`,
  name: `Person ${String(index + 1).padStart(2, '0')}`,
}));

/** An in-memory endpoint that answers the shared list query the way the server does. */
function fakeResource(rows: Person[], notify: Notify) {
  const data = [...rows];
  const fetchPage = vi.fn(async (request: ListRequest): Promise<Page<Person>> => {
    const found = data.filter((row) => row.name.toLowerCase().includes(request.search.toLowerCase()));
    if (request.ordering === '-name') found.reverse();
    const start = (request.page - 1) * request.page_size;
    return { count: found.length, results: found.slice(start, start + request.page_size) };
  });
  const deleteItem = vi.fn(async ({ id }: { id: string }) => {
    data.splice(
      data.findIndex((row) => row.id === id),
      1,
    );
  });
  return { fetchPage, deleteItem, machine: provideList<Person>({ fetchPage, deleteItem, notify }) };
}

const columns: ListColumn<Person>[] = [
  { headerKey: 'list.searchLabel', render: (row) => row.name, sortField: 'name' },
];

function PeopleTable({ machine }: { machine: ListMachine }) {
  const actor = useListActor(machine, { page_size: 5 });
  return <ListTable<Person> actor={actor} columns={columns} nameOf={(row) => row.name} />;
}

function renderTable(machine: ListMachine, options: RenderOptions = {}) {
  return renderWithProviders(<PeopleTable machine={machine} />, { language: 'en', ...options });
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

// jsdom renders Mantine slowly on a shared machine; the waits are for rendering, not timing.
describe('list components', { timeout: 20_000 }, () => {
  it('shows the first page, its count, and pages on', async () => {
    const { fetchPage, machine } = fakeResource(people, vi.fn());
    const { user } = renderTable(machine);

    expect(await screen.findByText('Person 01')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(5);
    expect(screen.getByText('Results: 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    await waitFor(() => expect(rowNames()).toEqual(people.slice(10).map((row) => row.name)));
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 3, page_size: 5 }),
      expect.anything(),
    );
  });

  it.each([
    ['en', 'Results: more than 1000'],
    ['ar', 'عدد النتائج: أكثر من 1000'],
  ] as const)('says "more than" when the server stopped counting (%s)', async (language, text) => {
    const fetchPage = vi.fn(async (): Promise<Page<Person>> => ({
      count: 1000,
      count_capped: true,
      results: people.slice(0, 5),
    }));
    renderTable(provideList<Person>({ fetchPage, deleteItem: vi.fn(), notify: vi.fn() }), { language });
    expect(await screen.findByText(text)).toBeInTheDocument();
    // Every page up to the count is offered.
    expect(screen.getAllByRole('button', { name: /200/ }).length).toBeGreaterThan(0);
  });

  it('searches once typing stops, and says "No results found" when nothing matches', async () => {
    const { fetchPage, machine } = fakeResource(people, vi.fn());
    const { user } = renderTable(machine);
    await screen.findByText('Person 01');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'n 1');
    await waitFor(() => expect(rowNames()).toEqual(['Person 10', 'Person 11', 'Person 12']));
    const searches = fetchPage.mock.calls.filter(([request]) => request.search !== '');
    expect(searches).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'z');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts by a column header, saying which way in aria-sort', async () => {
    const { machine } = fakeResource(people, vi.fn());
    const { user } = renderTable(machine);
    await screen.findByText('Person 01');
    const header = screen.getByRole('columnheader', { name: /Search/ });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Sort by Search' }));
    await user.click(screen.getByRole('button', { name: 'Sort by Search' }));

    await waitFor(() => expect(rowNames()[0]).toBe('Person 12'));
    expect(screen.getByRole('columnheader', { name: /Search/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the error in the user language and loads again on "Try again"', async () => {
    const { fetchPage, machine } = fakeResource(people, vi.fn());
    fetchPage.mockRejectedValueOnce({ code: errorCodes.network, status: null });
    const { user } = renderTable(machine);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network connection error, please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Person 01')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes a row only after confirmation, with a toast, then refreshes', async () => {
    const notify = vi.fn();
    const { deleteItem, machine } = fakeResource(people.slice(0, 3), notify);
    const { user } = renderTable(machine);
    await screen.findByText('Person 02');

    await user.click(screen.getByRole('button', { name: 'Delete Person 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    expect(dialog).toHaveTextContent('Delete “Person 02”? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteItem).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Person 02' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(rowNames()).toEqual(['Person 01', 'Person 03']));
    expect(deleteItem).toHaveBeenCalledWith({ id: 'p2' }, expect.anything());
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'list.deleted' });
  });

  it('speaks Arabic', async () => {
    const { machine } = fakeResource([], vi.fn());
    renderTable(machine, { language: 'ar' });

    expect(await screen.findByText('لا توجد نتائج')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toBeInTheDocument();
  });
});
