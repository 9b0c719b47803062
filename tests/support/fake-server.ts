import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { pathOf, type AnyEndpoint } from '../../contract/endpoint.ts';

export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

export interface Reply {
  status: number;
  data?: unknown;
}

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

/**
 * An axios adapter in place of the network: routes "METHOD /path" to handlers, records every
 * request, and answers like axios's own adapter (a non-2xx status becomes an AxiosError).
 */
export function createFakeServer(routes: Record<string, Handler> = {}) {
  const requests: SeenRequest[] = [];
  const handlers = new Map(Object.entries(routes));

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const authorization = headers.get('Authorization');
    const request: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: typeof authorization === 'string' ? authorization : null,
      body: typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.url}`);
    const reply: Reply = handler
      ? await handler(request)
      : { status: 404, data: { statusCode: 404, code: 'errors.notFound', message: 'Not found' } };
    const response = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data,
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      'ERR_BAD_REQUEST',
      config,
      {},
      response,
    );
  };

  return {
    adapter,
    requests,
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    /** Requests to one "METHOD /path". */
    seen(route: string): SeenRequest[] {
      return requests.filter((request) => `${request.method} ${request.url}` === route);
    },
  };
}

export const unauthorized: Reply = {
  status: 401,
  data: { statusCode: 401, code: 'errors.unauthorized', message: 'Unauthorized' },
};

/** The fake server's key for one contract endpoint: "METHOD /path" with its params filled in. */
export function routeOf(
  endpoint: Pick<AnyEndpoint, 'method' | 'path'>,
  params?: Record<string, string>,
): string {
  return `${endpoint.method} ${pathOf(endpoint, params)}`;
}
