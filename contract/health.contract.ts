import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export const healthEndpoints = {
  /** Public liveness and database check for load balancers and process supervisors. */
  check: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    status: 200,
    response: healthSchema,
  }),
};
