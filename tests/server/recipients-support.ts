import type { AnyEndpoint } from '../../contract/endpoint.ts';
import { API_PREFIX, pathOf } from '../../contract/endpoint.ts';
import { bearer, type TestApp } from './helpers/test-app.ts';

/** Calls one contract endpoint on the test app as the holder of `token`. */
export function caller(t: TestApp) {
  return (
    token: string,
    endpoint: AnyEndpoint,
    input: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown } = {},
  ) => {
    const search = new URLSearchParams(
      Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)]),
    ).toString();
    return t.app.inject({
      method: endpoint.method,
      url: `${API_PREFIX}${pathOf(endpoint, input.params)}${search ? `?${search}` : ''}`,
      headers: bearer(token),
      ...(input.body !== undefined ? { payload: input.body as object } : {}),
    });
  };
}
