import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint.ts';
import { listQuerySchema, pageSchema } from '../../contract/list.contract.ts';
import { themeEndpoints } from '../../contract/theme.contract.ts';
import { createCall, createHttpClient } from '../../src/services/http.ts';
import { createFakeServer, routeOf } from '../support/fake-server.ts';

const itemList = defineEndpoint({
  method: 'GET',
  path: '/things/:id/items/',
  access: 'user',
  params: z.object({ id: z.string() }),
  query: listQuerySchema(['name']),
  status: 200,
  response: pageSchema(z.object({ name: z.string() })),
});

function setup(routes: Parameters<typeof createFakeServer>[0]) {
  const server = createFakeServer(routes);
  const http = createHttpClient({
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    adapter: server.adapter,
  });
  return { server, call: createCall(http) };
}

describe('call(endpoint, input, signal)', () => {
  it('fills the path parameters, encoded, and answers the parsed body', async () => {
    const { server, call } = setup({
      'GET /things/a%2Fb%20c/items/': () => ({
        status: 200,
        data: { count: 1, results: [{ name: 'x', extra: 1 }] },
      }),
    });
    const page = await call(itemList, { params: { id: 'a/b c' }, query: { search: 'x', page: 2 } });
    // Fields the contract does not name are dropped by the schema.
    expect(page).toEqual({ count: 1, results: [{ name: 'x' }] });
    expect(server.requests[0]?.url).toBe('/things/a%2Fb%20c/items/');
  });

  it('sends the body of a mutation and resolves a 204 with undefined', async () => {
    const { server, call } = setup({
      [routeOf(themeEndpoints.remove, { id: 't1' })]: () => ({ status: 204 }),
    });
    await expect(call(themeEndpoints.remove, { params: { id: 't1' } })).resolves.toBeUndefined();
    expect(server.seen('DELETE /control/theme/t1/')).toHaveLength(1);
  });

  it('refuses an answer that does not match the contract', async () => {
    const { call } = setup({ [routeOf(themeEndpoints.list)]: () => ({ status: 200, data: [{ id: 1 }] }) });
    await expect(call(themeEndpoints.list, {})).rejects.toThrow();
  });

  it('passes the abort signal to the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const { call } = setup({ [routeOf(themeEndpoints.list)]: () => ({ status: 200, data: [] }) });
    await expect(call(themeEndpoints.list, {}, controller.signal)).rejects.toThrow();
  });
});
