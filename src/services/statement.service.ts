import type { AxiosInstance } from 'axios';
import {
  creditEndpoints,
  statementTypeSchema,
  type StatementEntry,
  type StatementExportFormat,
  type StatementSummary,
} from '../../contract/credits.contract.ts';
import { pathOf } from '../../contract/endpoint.ts';
import type { Page } from '../../contract/list.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { StatementFilters } from '../machines/payments/statement.machine.ts';
import type { Call } from './http.ts';

/**
 * The account statement (issue 19): its lines, totals and export, for the signed-in user or, for
 * administrators, the user `userId` names (null: one's own).
 */
const isIso = (value: string | undefined): value is string =>
  Boolean(value && !Number.isNaN(Date.parse(value)));

/** The filters the endpoints take, kept only when valid (anything else would be a 400). */
export function statementFilterQuery(userId: string | null, filters: Record<string, string | undefined>) {
  const type = statementTypeSchema.safeParse(filters.type);
  return {
    ...(userId ? { user: userId } : {}),
    ...(type.success ? { type: type.data } : {}),
    ...(isIso(filters.from) ? { from: filters.from } : {}),
    ...(isIso(filters.to) ? { to: filters.to } : {}),
  };
}

export function listStatementLines(
  call: Call,
  userId: string | null,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<StatementEntry>> {
  const ordering =
    request.ordering && ['created_at', 'amount'].includes(request.ordering.replace(/^-/, ''))
      ? (request.ordering as 'created_at' | '-created_at' | 'amount' | '-amount')
      : undefined;
  return call(
    creditEndpoints.statement,
    {
      query: {
        page: request.page,
        page_size: request.page_size,
        ...(request.search ? { search: request.search } : {}),
        ...(ordering ? { ordering } : {}),
        ...statementFilterQuery(userId, request.filters),
      },
    },
    signal,
  );
}

export const loadStatementSummary = (
  call: Call,
  input: { userId: string | null; filters: StatementFilters },
  signal?: AbortSignal,
): Promise<StatementSummary> =>
  call(
    creditEndpoints.statementSummary,
    { query: statementFilterQuery(input.userId, input.filters) },
    signal,
  );

/** The filtered statement as a file, built by the server (the same writers as every export). */
export async function downloadStatement(
  http: AxiosInstance,
  userId: string | null,
  request: Pick<ListRequest, 'filters'>,
  options: { format: StatementExportFormat; language: 'ar' | 'en' },
  signal?: AbortSignal,
) {
  const response = await http.get<Blob>(pathOf(creditEndpoints.statementExport), {
    params: {
      ...statementFilterQuery(userId, request.filters),
      format: options.format,
      language: options.language,
    },
    responseType: 'blob',
    headers: { Accept: '*/*' },
    ...(signal ? { signal } : {}),
  });
  return { blob: response.data, fileName: `statement.${options.format}` };
}
