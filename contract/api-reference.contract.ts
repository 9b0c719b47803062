import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * The HTTP v1 reference: the OpenAPI 3.1 document of every v1 operation (contract/api-v1.contract.ts),
 * generated from their schemas when the server starts. Apart from the v1 table so the browser's
 * reference screen loads this descriptor without every other contract.
 */
export const v1DocumentEndpoints = {
  openapi: defineEndpoint({
    method: 'GET',
    path: '/v1/openapi.json',
    access: 'public',
    status: 200,
    response: z.record(z.string(), z.unknown()),
  }),
};
