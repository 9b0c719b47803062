import type { AdminUser, CreateUserRequest, UpdateUserRequest } from '../../contract/users.contract.ts';
import { userEndpoints } from '../../contract/users.contract.ts';
import {
  creditEndpoints,
  creditKindSchema,
  type AddQuotaRequest,
  type BalanceEntry,
} from '../../contract/credits.contract.ts';
import { MAX_PAGE, MAX_PAGE_SIZE, type Page } from '../../contract/list.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { Call } from './http.ts';

/** Only an ordering the endpoint allows goes out; anything else would be a 400. */
function allowed<Field extends string>(ordering: string | undefined, fields: readonly Field[]) {
  if (!ordering) return undefined;
  const field = ordering.replace(/^-/, '');
  return (fields as readonly string[]).includes(field) ? (ordering as Field | `-${Field}`) : undefined;
}

function pageQuery(request: ListRequest) {
  return {
    page: request.page,
    page_size: request.page_size,
    ...(request.search ? { search: request.search } : {}),
  };
}

export function listUsers(call: Call, request: ListRequest, signal?: AbortSignal): Promise<Page<AdminUser>> {
  const ordering = allowed(request.ordering, ['username', 'email', 'created_at', 'quota'] as const);
  return call(
    userEndpoints.list,
    { query: { ...pageQuery(request), ...(ordering ? { ordering } : {}) } },
    signal,
  );
}

export const createUser = (call: Call, body: CreateUserRequest, signal?: AbortSignal): Promise<AdminUser> =>
  call(userEndpoints.create, { body }, signal);

export const updateUser = (
  call: Call,
  id: string,
  body: UpdateUserRequest,
  signal?: AbortSignal,
): Promise<AdminUser> => call(userEndpoints.update, { params: { id }, body }, signal);

export const deleteUser = (call: Call, id: string, signal?: AbortSignal): Promise<void> =>
  call(userEndpoints.remove, { params: { id } }, signal);

export const addQuota = (
  call: Call,
  id: string,
  body: AddQuotaRequest,
  signal?: AbortSignal,
): Promise<AdminUser> => call(creditEndpoints.addQuota, { params: { id }, body }, signal);

/** The `kind` filter of both credit lists, kept only when it is one the contract knows. */
function kindOf(request: ListRequest) {
  const kind = creditKindSchema.safeParse(request.filters.kind);
  return kind.success ? { kind: kind.data } : {};
}

function creditQuery(request: ListRequest) {
  const ordering = allowed(request.ordering, ['created_at', 'amount'] as const);
  return { ...pageQuery(request), ...kindOf(request), ...(ordering ? { ordering } : {}) };
}

/** Administrators: every user's credit movements (the balance log). */
export const listBalanceLog = (
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<BalanceEntry>> => call(creditEndpoints.balanceLog, { query: creditQuery(request) }, signal);

/** The signed-in user's own charges, refunds and top-ups. */
export const listStatement = (
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<BalanceEntry>> => call(creditEndpoints.statement, { query: creditQuery(request) }, signal);

/**
 * Every row of a credit list's current query, page after page at the largest page size (the
 * endpoint has no export of its own). Stops at the count the first page reported.
 */
export async function fetchAllEntries(
  fetchPage: (request: ListRequest, signal?: AbortSignal) => Promise<Page<BalanceEntry>>,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<BalanceEntry[]> {
  const rows: BalanceEntry[] = [];
  for (let page = 1; page <= MAX_PAGE; page += 1) {
    const answer = await fetchPage({ ...request, page, page_size: MAX_PAGE_SIZE }, signal);
    rows.push(...answer.results);
    if (answer.results.length === 0 || rows.length >= answer.count) break;
  }
  return rows;
}
