/** The query side of the list machine: what it asks `fetchPage` for and how events change it. */
export type ListFilters = Record<string, string>;

export interface ListItem {
  id: string;
}

export interface ListInput {
  page_size?: number;
  ordering?: string;
  /** Where to start: the search and page the address carried (a reload keeps them, issue 22). */
  search?: string;
  page?: number;
  filters?: ListFilters;
  /** i18n key of the toast after a delete; 'list.deleted' unless the resource says better. */
  deletedKey?: string;
}

export interface ListContext {
  query: ListRequest;
  /** What the search box shows, ahead of `query.search` by the debounce. */
  searchText: string;
  count: number;
  /** The server stopped counting: at least `count` rows match (contract/list.defaults.ts). */
  countCapped: boolean;
  results: ListItem[];
  /** i18n key of the last failed load (errors.*). */
  errorKey: string | null;
  pendingDeleteId: string | null;
  deletedKey: string;
}

/** What `fetchPage` gets: the shared list query of contract/list.contract.ts plus filters. */
export interface ListRequest {
  search: string;
  page: number;
  page_size: number;
  ordering: string | undefined;
  filters: ListFilters;
}

type QueryEvent =
  | { type: 'list.search.commit' }
  | { type: 'list.page'; page: number }
  | { type: 'list.pageSize'; page_size: number }
  | { type: 'list.order'; ordering: string | undefined }
  | { type: 'list.filter'; name: string; value: string | undefined };

export type ListEvent =
  | QueryEvent
  | { type: 'list.search'; text: string }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'list.delete.request'; id: string }
  | { type: 'list.delete.confirm' }
  | { type: 'list.delete.cancel' };

/** The query a query event asks for (page 1 again unless the event is the page itself). */
export function nextQuery(query: ListRequest, searchText: string, event: ListEvent): ListRequest {
  switch (event.type) {
    case 'list.search.commit':
      return { ...query, search: searchText.trim(), page: 1 };
    case 'list.page':
      return { ...query, page: Math.max(1, Math.trunc(event.page)) };
    case 'list.pageSize':
      return { ...query, page_size: event.page_size, page: 1 };
    case 'list.order':
      return { ...query, ordering: event.ordering, page: 1 };
    case 'list.filter': {
      const { [event.name]: _removed, ...others } = query.filters;
      const filters = event.value ? { ...others, [event.name]: event.value } : others;
      return { ...query, filters, page: 1 };
    }
    default:
      return query;
  }
}

/** A column header's next ordering: ascending, then descending, then none. */
export function nextOrdering(current: string | undefined, field: string): string | undefined {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return undefined;
  return field;
}

/** Whether two queries ask for the same rows (filters compared whatever order they were set in). */
export function sameQuery(a: ListRequest, b: ListRequest): boolean {
  const sorted = (query: ListRequest) =>
    JSON.stringify({
      ...query,
      filters: Object.entries(query.filters).sort(([x], [y]) => x.localeCompare(y)),
    });
  return sorted(a) === sorted(b);
}
