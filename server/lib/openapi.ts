import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { API_SCOPES } from '../../contract/api-keys.contract.ts';
import { API_V1_PREFIX, type V1Operation } from '../../contract/api-v1.contract.ts';

/**
 * The OpenAPI 3.1 document of the HTTP v1 API, generated from the contract: the v1 table gives
 * the operations and their scopes, the descriptors' zod schemas give every parameter, body and
 * answer (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is). Nothing
 * here describes a field by hand, so the document cannot drift from what the server checks.
 */
type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/send/:id/pause/` -> `/send/{id}/pause/`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The statuses every v1 operation can answer besides its success. */
function errorResponses(method: string) {
  return {
    '400': errorResponse('The request is not valid; `fields` says which parts'),
    '401': errorResponse('No API key, or one that is unknown, revoked, expired or of a disabled user'),
    '403': errorResponse('The key lacks the scope this operation needs (`details.scope`)'),
    '404': errorResponse('Not found'),
    ...(method === 'POST'
      ? {
          '409': errorResponse('A request with the same Idempotency-Key is still being answered'),
          '422': errorResponse('The Idempotency-Key was used with another request'),
        }
      : {}),
    '429': {
      ...errorResponse('Past the rate limit; wait `Retry-After` seconds'),
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    },
  };
}

export function buildOpenApiDocument(operations: readonly V1Operation[], options: { publicUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { endpoint, scope, tag, name, summary } of operations) {
    const method = endpoint.method.toLowerCase();
    const parameters: Parameter[] = [
      ...parametersOf(endpoint.params, 'path'),
      ...parametersOf(endpoint.query, 'query'),
      ...(endpoint.method === 'POST'
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header' as const,
              required: false,
              description:
                'Any unique string (a UUID). Sent again with the same body within 24 hours, the first answer comes back instead of a second effect.',
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ]
        : []),
    ];
    const success =
      endpoint.status === 204
        ? { description: 'Done' }
        : {
            description: 'Success',
            content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
          };
    const operation = {
      operationId: name,
      summary,
      tags: [tag],
      'x-scope': scope,
      security: [{ apiKey: [scope] }],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
            },
          }
        : {}),
      responses: { [String(endpoint.status)]: success, ...errorResponses(endpoint.method) },
    };
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'El Namer HTTP v1',
      version: '1.0.0',
      description:
        'Send e-mail campaigns, manage lists, recipients and templates, and read the e-mail log. ' +
        'Authenticate with an API key: `Authorization: Bearer eln_...`. Each operation names the scope it needs. ' +
        'Errors share one body; `message` follows `Accept-Language` (ar or en).',
    },
    servers: [{ url: `${options.publicUrl.replace(/\/+$/, '')}${API_V1_PREFIX}` }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((tag) => ({ name: tag })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'eln_<key>',
          description: `An API key from Developer tools -> API keys. Scopes: ${API_SCOPES.join(', ')}.`,
        },
      },
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
