// The shared pieces of every list screen, all driven by one list actor (src/machines/list.machine.ts).
export { ListDeleteModal } from './list-delete-modal.tsx';
export { ListPager } from './list-pager.tsx';
export { ListSearch } from './list-search.tsx';
export { EmptyNext, ListEmpty, ListError, ListStates } from './list-states.tsx';
export { ListTable, type ListColumn } from './list-table.tsx';
export { useListActor, useListSelector } from './use-list-actor.ts';
