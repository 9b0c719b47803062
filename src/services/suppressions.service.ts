import type { AxiosInstance } from 'axios';
import { pathOf } from '../../contract/endpoint.ts';
import { bounceReasonSchema } from '../../contract/bounce-reasons.contract.ts';
import { idSchema } from '../../contract/ids.contract.ts';
import {
  RELEASABLE_REASONS,
  suppressionEndpoints as api,
  suppressionReasonSchema,
  type ReleaseSuppressionsRequest,
  type InboundReport,
  type Suppression,
} from '../../contract/suppressions.contract.ts';
import type { Page } from '../../contract/list.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { Call } from './http.ts';

// The suppression list's calls: the page, adding by hand, removing one, and the export file.

const ORDERINGS = ['created_at', 'email', 'reason'].flatMap((field) => [field, `-${field}`]);

/** The list query the endpoint accepts: unknown orderings and reasons are left out. */
function queryOf(request: Pick<ListRequest, 'search' | 'filters'> & Partial<ListRequest>) {
  const reason = suppressionReasonSchema.safeParse(request.filters.reason);
  const bounceReason = bounceReasonSchema.safeParse(request.filters.bounce_reason);
  const campaign = idSchema.safeParse(request.filters.campaign_id);
  return {
    ...(request.search ? { search: request.search } : {}),
    ...(reason.success ? { reason: reason.data } : {}),
    ...(bounceReason.success ? { bounce_reason: bounceReason.data } : {}),
    ...(campaign.success ? { campaign_id: campaign.data } : {}),
  };
}

/** The release body of the list's filters: a reason other than a bounce releases nothing. */
export function releaseRequestOf(
  request: Pick<ListRequest, 'search' | 'filters'>,
): ReleaseSuppressionsRequest {
  const { reason, ...rest } = queryOf(request);
  const releasable = (RELEASABLE_REASONS as readonly string[]).includes(reason ?? '');
  return { ...rest, ...(releasable ? { reason: reason as (typeof RELEASABLE_REASONS)[number] } : {}) };
}

export const releaseSuppressions = (call: Call, request: ListRequest, signal?: AbortSignal) =>
  call(api.release, { body: releaseRequestOf(request) }, signal);

export function listSuppressions(
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<Suppression>> {
  const ordering = ORDERINGS.includes(request.ordering ?? '')
    ? (request.ordering as 'created_at' | '-created_at')
    : undefined;
  return call(
    api.list,
    {
      query: {
        page: request.page,
        page_size: request.page_size,
        ...queryOf(request),
        ...(ordering ? { ordering } : {}),
      },
    },
    signal,
  );
}

/** Administrators: the reports the inbound receiver could not apply, newest first. */
export function listInboundReports(
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<InboundReport>> {
  return call(
    api.inboundReports,
    {
      query: {
        page: request.page,
        page_size: request.page_size,
        ...(request.search ? { search: request.search } : {}),
      },
    },
    signal,
  );
}

export const addSuppressions = (call: Call, emails: string[], signal?: AbortSignal) =>
  call(api.add, { body: { emails } }, signal);

export const removeSuppression = (call: Call, id: string, signal?: AbortSignal) =>
  call(api.remove, { params: { id } }, signal);

export async function downloadSuppressions(
  http: AxiosInstance,
  request: ListRequest,
  options: { format: 'csv' | 'xlsx'; language: 'ar' | 'en' },
  signal?: AbortSignal,
) {
  const response = await http.get<Blob>(pathOf(api.export), {
    params: { ...queryOf(request), format: options.format, language: options.language },
    responseType: 'blob',
    headers: { Accept: '*/*' },
    ...(signal ? { signal } : {}),
  });
  return { blob: response.data, fileName: `suppressions.${options.format}` };
}
