import {
  apiKeyEndpoints,
  type ApiKey,
  type CreatedApiKey,
  type CreateApiKeyRequest,
} from '../../contract/api-keys.contract.ts';
import { v1DocumentEndpoints } from '../../contract/api-reference.contract.ts';
import type { Page } from '../../contract/list.contract.ts';
import {
  webhookEndpoints,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
} from '../../contract/webhooks.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { Call } from './http.ts';

// Developer tools: API keys, event webhooks and the v1 reference.

const paging = (request: ListRequest) => ({
  page: request.page,
  page_size: request.page_size,
  ...(request.search ? { search: request.search } : {}),
});

export function listApiKeys(call: Call, request: ListRequest, signal?: AbortSignal): Promise<Page<ApiKey>> {
  const ordering = ['name', '-name', 'created_at', '-created_at', 'last_used_at', '-last_used_at'].includes(
    request.ordering ?? '',
  )
    ? (request.ordering as 'created_at')
    : undefined;
  return call(
    apiKeyEndpoints.list,
    { query: { ...paging(request), ...(ordering ? { ordering } : {}) } },
    signal,
  );
}

export const createApiKey = (
  call: Call,
  body: CreateApiKeyRequest,
  signal?: AbortSignal,
): Promise<CreatedApiKey> => call(apiKeyEndpoints.create, { body }, signal);

export const revokeApiKey = (call: Call, id: string, signal?: AbortSignal) =>
  call(apiKeyEndpoints.revoke, { params: { id } }, signal);

export function listWebhooks(call: Call, request: ListRequest, signal?: AbortSignal): Promise<Page<Webhook>> {
  const ordering = ['url', '-url', 'created_at', '-created_at'].includes(request.ordering ?? '')
    ? (request.ordering as 'created_at')
    : undefined;
  return call(
    webhookEndpoints.list,
    { query: { ...paging(request), ...(ordering ? { ordering } : {}) } },
    signal,
  );
}

export const createWebhook = (
  call: Call,
  body: CreateWebhookRequest,
  signal?: AbortSignal,
): Promise<CreatedWebhook> => call(webhookEndpoints.create, { body }, signal);

export const updateWebhook = (call: Call, id: string, body: UpdateWebhookRequest, signal?: AbortSignal) =>
  call(webhookEndpoints.update, { params: { id }, body }, signal);

export const removeWebhook = (call: Call, id: string, signal?: AbortSignal) =>
  call(webhookEndpoints.remove, { params: { id } }, signal);

export const getWebhook = (call: Call, id: string, signal?: AbortSignal) =>
  call(webhookEndpoints.get, { params: { id } }, signal);

export function listDeliveries(
  call: Call,
  id: string,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<WebhookDelivery>> {
  const status = ['pending', 'succeeded', 'failed'].includes(request.filters.status ?? '')
    ? (request.filters.status as 'pending')
    : undefined;
  return call(
    webhookEndpoints.deliveries,
    {
      params: { id },
      query: { page: request.page, page_size: request.page_size, ...(status ? { status } : {}) },
    },
    signal,
  );
}

export const replayDelivery = (call: Call, id: string, delivery: string, signal?: AbortSignal) =>
  call(webhookEndpoints.replay, { params: { id, delivery } }, signal);

export const loadOpenApi = (call: Call, signal?: AbortSignal) =>
  call(v1DocumentEndpoints.openapi, {}, signal);
