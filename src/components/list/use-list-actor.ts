import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListActorRef, ListInput, ListMachine, ListSnapshot } from '../../machines/list.machine.ts';

/** The list's place in the address: `?page=3&search=ali&ordering=-name` (defaults left out). */
function fromAddress(params: URLSearchParams, input: ListInput): ListInput {
  const page = Number(params.get('page'));
  return {
    ...input,
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
    ...(params.get('search') ? { search: params.get('search')! } : {}),
    ...(params.get('ordering') ? { ordering: params.get('ordering')! } : {}),
  };
}

/**
 * A list actor for the life of the screen that renders it: started (and loading its page) on
 * mount, stopped on unmount. `machine` is the resource's `provideList(...)`; build it once (module
 * level or useMemo), since a new machine per render is ignored after the first.
 *
 * The page, search and sort live in the address too (issue 22): the list starts where the address
 * says, and each change is written back (replacing the entry), so a reload or a shared link shows
 * the same page. Other parameters of the address are kept.
 */
export function useListActor(machine: ListMachine, input: ListInput = {}): ListActorRef {
  const [params, setParams] = useSearchParams();
  // The address as it was when the screen opened; later changes come from the list itself.
  const [start] = useState(() => fromAddress(params, input));
  const actor = useActorRef(machine, { input: start });
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  useEffect(() => {
    const next = new URLSearchParams(params);
    const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
    set('page', query.page > 1 ? String(query.page) : undefined);
    set('search', query.search || undefined);
    set('ordering', query.ordering && query.ordering !== input.ordering ? query.ordering : undefined);
    // Only a real change moves the address: opening a list at its defaults navigates nowhere.
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    // input.ordering is the screen's default; it does not change while the screen is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.page, query.search, query.ordering, params, setParams]);
  return actor;
}

/** Reads one selector of list.selectors.ts from a list actor. */
export function useListSelector<T>(actor: ListActorRef, selector: (snapshot: ListSnapshot) => T): T {
  return useSelector(actor, selector);
}
