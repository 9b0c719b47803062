import type { AxiosInstance } from 'axios';
import { pathOf } from '../../contract/endpoint.ts';
import type { Page } from '../../contract/list.contract.ts';
import {
  logEndpoints as api,
  TREND_DAYS,
  messageLogStatusSchema,
  type CampaignLog,
  type MessageExportFormat,
  type MessageLog,
} from '../../contract/logs.contract.ts';
import { campaignStatusSchema, sendEndpoints } from '../../contract/send.contract.ts';
import type { CampaignAction } from '../machines/logs/campaign-control.machine.ts';
import type { ListFilters, ListRequest } from '../machines/list.machine.ts';
import type { Call } from './http.ts';

// The e-mail log's calls: campaigns, one campaign's messages and figures, the overview, control.

/** A value the endpoint knows, or nothing: the query never carries a value it would refuse. */
const oneOf = <T extends string>(value: string | undefined, options: readonly T[]) =>
  options.includes(value as T) ? (value as T) : undefined;

const pageQuery = <Field extends string>(request: ListRequest, orderings: readonly Field[]) => {
  const ordering = oneOf(
    request.ordering,
    orderings.flatMap((field) => [field, `-${field}` as const]),
  );
  return {
    page: request.page,
    page_size: request.page_size,
    ...(request.search ? { search: request.search } : {}),
    ...(ordering ? { ordering } : {}),
  };
};

export function campaignFilters(filters: ListFilters) {
  const status = oneOf(filters.status, campaignStatusSchema.options);
  return status ? { status } : {};
}

export function messageFilters(filters: ListFilters) {
  const status = oneOf(filters.status, messageLogStatusSchema.options);
  return { ...(status ? { status } : {}), ...(filters.answer ? { answer: filters.answer } : {}) };
}

export const listCampaigns = (
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<CampaignLog>> =>
  call(
    api.list,
    {
      query: {
        ...pageQuery(request, ['created_at', 'subject'] as const),
        ...campaignFilters(request.filters),
      },
    },
    signal,
  );

export const getCampaign = (call: Call, id: string, signal?: AbortSignal) =>
  call(api.get, { params: { id } }, signal);

export const listMessages =
  (call: Call, id: string) =>
  (request: ListRequest, signal?: AbortSignal): Promise<Page<MessageLog>> =>
    call(
      api.messages,
      {
        params: { id },
        query: {
          ...pageQuery(request, ['seq', 'email', 'sent_at', 'opened_at'] as const),
          ...messageFilters(request.filters),
        },
      },
      signal,
    );

export const getTimeline = (call: Call, id: string, signal?: AbortSignal) =>
  call(api.timeline, { params: { id } }, signal);

export const getLinks = (call: Call, id: string, signal?: AbortSignal) =>
  call(api.links, { params: { id } }, signal);

/** Monday 00:00 and the first of the month, in the browser's (the sender's) own time zone. */
export function localPeriodStarts(now: Date) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const week = new Date(midnight);
  week.setDate(midnight.getDate() - ((midnight.getDay() + 6) % 7));
  const month = new Date(now.getFullYear(), now.getMonth(), 1);
  return { week_start: week.toISOString(), month_start: month.toISOString() };
}

export const getSummary = (call: Call, now: Date, signal?: AbortSignal) =>
  call(api.summary, { query: localPeriodStarts(now) }, signal);

/** The trend's first day (local midnight, TREND_DAYS - 1 days ago) and the browser's UTC offset. */
export function localTrendWindow(now: Date) {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (TREND_DAYS - 1));
  return { start: start.toISOString(), utc_offset: -now.getTimezoneOffset() };
}

export const getTrend = (call: Call, now: Date, signal?: AbortSignal) =>
  call(api.trend, { query: localTrendWindow(now) }, signal);

/** The states of several campaigns at once (the live progress of a page of the log). */
export const getCampaignStates = (call: Call, ids: string[], signal?: AbortSignal) =>
  Promise.all(ids.map((id) => call(sendEndpoints.get, { params: { id } }, signal)));

export const changeCampaign = (call: Call, id: string, action: CampaignAction, signal?: AbortSignal) =>
  call(sendEndpoints[action], { params: { id } }, signal);

/** The messages matching the list's search and filters, as a file the server builds. */
export async function downloadMessages(
  http: AxiosInstance,
  /** The file is named as the log titles the campaign: its name, else its subject. */
  campaign: { id: string; name: string | null; subject: string },
  request: ListRequest,
  options: { format: MessageExportFormat; language: 'ar' | 'en' },
  signal?: AbortSignal,
) {
  const response = await http.get<Blob>(pathOf(api.export, { id: campaign.id }), {
    params: {
      ...(request.search ? { search: request.search } : {}),
      ...messageFilters(request.filters),
      format: options.format,
      language: options.language,
    },
    responseType: 'blob',
    headers: { Accept: '*/*' },
    ...(signal ? { signal } : {}),
  });
  const base = (campaign.name ?? campaign.subject).replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'email-log';
  return { blob: response.data, fileName: `${base}.${options.format}` };
}
