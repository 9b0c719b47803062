import { useActorRef, useSelector } from '@xstate/react';
import type { ListActorRef, ListInput, ListMachine, ListSnapshot } from '../../machines/list.machine.ts';

/**
 * A list actor for the life of the screen that renders it: started (and loading page 1) on mount,
 * stopped on unmount. `machine` is the resource's `provideList(...)`; build it once (module level
 * or useMemo), since a new machine per render is ignored after the first.
 */
export function useListActor(machine: ListMachine, input: ListInput = {}): ListActorRef {
  return useActorRef(machine, { input });
}

/** Reads one selector of list.selectors.ts from a list actor. */
export function useListSelector<T>(actor: ListActorRef, selector: (snapshot: ListSnapshot) => T): T {
  return useSelector(actor, selector);
}
