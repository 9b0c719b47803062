import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../../contract/list.contract.ts';
import { ListTable, useListActor, type ListColumn } from '../../src/components/list/index.ts';
import { provideList, type ListMachine, type ListRequest } from '../../src/machines/list.machine.ts';
import { renderWithProviders } from '../setup/render.tsx';

interface Person {
  id: string;
  name: string;
}
const people: Person[] = Array.from({ length: 30 }, (_, index) => ({
  id: `p${index + 1}`,
  name: `Person ${String(index + 1).padStart(2, '0')}`,
}));

function resource() {
  const fetchPage = vi.fn(async (request: ListRequest): Promise<Page<Person>> => {
    const found = people.filter((row) => row.name.toLowerCase().includes(request.search.toLowerCase()));
    if (request.ordering === '-name') found.reverse();
    const start = (request.page - 1) * request.page_size;
    return { count: found.length, results: found.slice(start, start + request.page_size) };
  });
  return { fetchPage, machine: provideList<Person>({ fetchPage, deleteItem: vi.fn(), notify: vi.fn() }) };
}

const columns: ListColumn<Person>[] = [
  { headerKey: 'list.searchLabel', render: (row) => row.name, sortField: 'name' },
];

function PeopleTable({ machine }: { machine: ListMachine }) {
  const actor = useListActor(machine, { page_size: 5, ordering: 'name' });
  return <ListTable<Person> actor={actor} columns={columns} nameOf={(row) => row.name} />;
}

const firstName = () => within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[0]?.textContent;

/** Issue 22, defect 12: lists forgot the page on reload; page, search and sort are in the address. */
describe('a list keeps its place in the address', { timeout: 20_000 }, () => {
  it('starts at the page, search and sort the address names', async () => {
    const { fetchPage, machine } = resource();
    renderWithProviders(<PeopleTable machine={machine} />, {
      language: 'en',
      route: '/people?page=2&search=person%201&ordering=-name&tab=x',
    });
    await waitFor(() =>
      expect(fetchPage).toHaveBeenCalledWith(
        expect.objectContaining({ page: 2, search: 'person 1', ordering: '-name' }),
        expect.anything(),
      ),
    );
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('searchbox')).toHaveValue('person 1');
  });

  it('writes each page, search and sort back, leaving the defaults and other parameters out', async () => {
    const { machine } = resource();
    const { user, router } = renderWithProviders(<PeopleTable machine={machine} />, {
      language: 'en',
      route: '/people?tab=x',
    });
    await screen.findByText('Person 01');
    expect(router.state.location.search).toBe('?tab=x');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x&page=3'));
    await waitFor(() => expect(firstName()).toBe('Person 11'));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('-name'),
    );
  });
});
