import { lastPageOf, type ListItem, type ListRequest, type ListSnapshot } from './list.machine.ts';

// What the list components read from a list actor (see list.machine.ts).

/** The rows, typed as the resource's items (its `fetchPage` decides what they are). */
export const selectResults = <Item extends ListItem = ListItem>(snapshot: ListSnapshot): Item[] =>
  snapshot.context.results as Item[];
export const selectCount = (snapshot: ListSnapshot): number => snapshot.context.count;
/** At least selectCount rows match: the server counted no further. */
export const selectIsCountCapped = (snapshot: ListSnapshot): boolean => snapshot.context.countCapped;
export const selectQuery = (snapshot: ListSnapshot): ListRequest => snapshot.context.query;
export const selectSearchText = (snapshot: ListSnapshot): string => snapshot.context.searchText;
export const selectPageCount = (snapshot: ListSnapshot): number =>
  lastPageOf(snapshot.context.count, snapshot.context.query.page_size);
export const selectIsLoading = (snapshot: ListSnapshot): boolean => snapshot.hasTag('loading');
/** Loading with nothing to show yet: a spinner rather than stale rows. */
export const selectIsFirstLoad = (snapshot: ListSnapshot): boolean =>
  snapshot.hasTag('loading') && snapshot.context.results.length === 0;
export const selectIsBusy = (snapshot: ListSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsEmpty = (snapshot: ListSnapshot): boolean => snapshot.matches({ browsing: 'empty' });
export const selectIsFailed = (snapshot: ListSnapshot): boolean => snapshot.matches({ browsing: 'failed' });
export const selectErrorKey = (snapshot: ListSnapshot): string | null => snapshot.context.errorKey;
export const selectIsConfirmingDelete = (snapshot: ListSnapshot): boolean =>
  snapshot.matches('confirmingDelete');
export const selectIsDeleting = (snapshot: ListSnapshot): boolean => snapshot.matches('deleting');
/** The row the delete confirmation asks about (while confirming or deleting). */
export const selectPendingDelete = <Item extends ListItem = ListItem>(snapshot: ListSnapshot): Item | null =>
  (snapshot.context.results.find((item) => item.id === snapshot.context.pendingDeleteId) as
    Item | undefined) ?? null;
