import { vi } from 'vitest';
import { createActor } from 'xstate';
import type { Page } from '../../contract/list.contract.ts';
import {
  listMachine,
  type ListInput,
  type ListItem,
  type ListRequest,
} from '../../src/machines/list.machine.ts';
import type { Notice } from '../../src/machines/notify.ts';
import { controlledActor } from './controlled-actor.ts';

export interface Row extends ListItem {
  name: string;
}

export const rows = (count: number, from = 1): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${from + index}`, name: `Row ${from + index}` }));

/** The list machine with hand-settled calls and spies for the cache and the toasts. */
export function createListHarness(input: ListInput = {}) {
  const fetchPage = controlledActor<Page<ListItem>, ListRequest>();
  const deleteItem = controlledActor<unknown, { id: string }>();
  const invalidate = vi.fn();
  const notices: Notice[] = [];
  const list = createActor(
    listMachine.provide({
      actors: { fetchPage: fetchPage.logic, deleteItem: deleteItem.logic },
      actions: { invalidate, notify: (_, notice) => notices.push(notice) },
    }),
    { input },
  ).start();
  return { list, fetchPage, deleteItem, invalidate, notices };
}
