import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnyEndpoint, BodyOf, EndpointOutput, ParamsOf, QueryOf } from '../../contract/endpoint.ts';
import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { v1OperationOf } from '../../contract/api-v1.contract.ts';
import { strictPartsOf, strictValidatorCompiler } from './validation.ts';
import { toggledSlash } from './v1-paths.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler of `E` receives: params, query and body already parsed by its schemas. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Output<ParamsOf<E>>;
  Querystring: Output<QueryOf<E>>;
  Body: Output<BodyOf<E>>;
}>;

export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointOutput<E>> | EndpointOutput<E>;

/**
 * Registers one contract endpoint. The handler returns the success body; it is sent with the
 * endpoint's success status and serialised through the response schema, so a handler can never
 * leak a field the contract does not name (a password hash, say). Errors are thrown as
 * HttpError and answered by the errors plugin with the contract's error body.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: Pick<RouteOptions, 'bodyLimit' | 'logLevel'> = {},
): void {
  const success = endpoint.status === 204 ? {} : { [endpoint.status]: endpoint.response };
  // One descriptor, two mounts: the dashboard's `/api/...`, and `/api/v1/...` for API keys when
  // the v1 table (contract/api-v1.contract.ts) lists the endpoint with the scope it needs.
  const v1 = v1OperationOf(endpoint);
  // v1 answers a path with or without its final slash alike (a developer types either): the
  // other spelling is a second route, marked as such so the route lists and the document skip it.
  const mounts = [
    { url: endpoint.path, config: { access: endpoint.access } },
    ...(v1
      ? [
          { url: `/v1${endpoint.path}`, config: { access: endpoint.access, apiScope: v1.scope } },
          {
            url: `/v1${toggledSlash(endpoint.path)}`,
            config: { access: endpoint.access, apiScope: v1.scope, v1Alias: true },
          },
        ]
      : []),
  ];
  for (const { url, config } of mounts) {
    mount(app, endpoint, handler, options, url, config, success);
  }
}

function mount<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: Pick<RouteOptions, 'bodyLimit' | 'logLevel'>,
  url: string,
  config: RouteOptions['config'],
  success: Record<number, z.ZodType>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: endpoint.method,
    url,
    config,
    // Fastify types a route's compiler by its whole schema object; each part is a zod schema.
    validatorCompiler: strictValidatorCompiler(
      strictPartsOf({ v1: config?.apiScope !== undefined, method: endpoint.method, access: endpoint.access }),
    ) as never,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { ...success, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    },
    handler: async (request, reply) => {
      const body = await handler(request as unknown as EndpointRequest<E>, reply);
      if (reply.sent) return reply;
      reply.code(endpoint.status);
      return reply.send((endpoint.status === 204 ? undefined : body) as never);
    },
  });
}
