import { z } from 'zod';
import { API_SCOPES } from '../../contract/api-keys.contract.ts';
import { API_V1_PREFIX, type V1Operation } from '../../contract/api-v1.contract.ts';
import { problemSchema } from '../../contract/problem.contract.ts';
import { webhookEnvelope, webhookEventData } from '../../contract/webhook-events.contract.ts';
import { WEBHOOK_EVENTS } from '../../contract/webhooks.contract.ts';
import { exampleOf } from './openapi-examples.ts';

/**
 * The OpenAPI 3.1 document of the HTTP v1 API, generated from the contract: the v1 table gives
 * the operations and their scopes, the descriptors' zod schemas give every parameter, body and
 * answer (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is), and the
 * examples are drawn from those schemas. Nothing here describes a field by hand, so the document
 * cannot drift from what the server checks. `redocly lint` (redocly.yaml) checks it in the tests.
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
  example?: unknown;
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
      description: typeof description === 'string' ? description : `The \`${name}\` ${where} parameter`,
      ...(where === 'path' ? { example: '0194f0c2-8a3e-7cc1-9d3b-2f1f6a0e9b11' } : {}),
    };
  });
}

const ref = (kind: 'responses' | 'headers' | 'parameters' | 'schemas', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

const rateHeaders = {
  RateLimit: ref('headers', 'RateLimit'),
  'RateLimit-Policy': ref('headers', 'RateLimit-Policy'),
};

const problemExample = (status: number, code: string, detail: string, extra: object = {}) => ({
  type: `https://app.example/docs/errors/${code}`,
  title: status === 400 ? 'Bad Request' : code,
  status,
  detail,
  instance: 'urn:request:req-1a2b',
  code,
  ...extra,
});

/** Every error answer once, referenced by the operations that can give it. */
const ERRORS: Record<string, { status: string; description: string; example: object; retry?: boolean }> = {
  BadRequest: {
    status: '400',
    description:
      'The request is not valid: `errors` names each field (`pointer`), query `parameter` or `header` at fault, unknown ones included, with the field meant when one is close',
    example: problemExample(400, 'validation', 'Some fields are not valid.', {
      errors: [
        {
          pointer: '/schedule_at',
          code: 'unknown_field_suggestion',
          detail: '"schedule_at" is not a field or parameter of this request. Did you mean "scheduled_at"?',
        },
      ],
    }),
  },
  Unauthorized: {
    status: '401',
    description:
      'No API key, or one that is unknown, revoked or expired, of a disabled user, or paused until its owner sets up the two-step sign-in an administrator requires (`api_key_needs_two_factor`)',
    example: problemExample(401, 'unauthorized', 'Please sign in to continue.'),
  },
  PaymentRequired: {
    status: '402',
    description: 'Not enough credit for this send: `balance` and `needed` say how much',
    example: problemExample(402, 'insufficient_credit', 'Your balance is too low for this send.', {
      balance: 10,
      needed: 250,
    }),
  },
  Forbidden: {
    status: '403',
    description: 'The key lacks the scope this operation needs (`scope` names it)',
    example: problemExample(403, 'missing_scope', 'This API key does not have the "send" scope.', {
      scope: 'send',
    }),
  },
  NotFound: {
    status: '404',
    description: 'No such resource (or not yours)',
    example: problemExample(404, 'not_found', 'Not found.'),
  },
  MethodNotAllowed: {
    status: '405',
    description: 'The path exists but not with this method; `Allow` lists the methods it takes',
    example: problemExample(
      405,
      'method_not_allowed',
      'This address does not take this method; it answers GET, HEAD.',
      {
        allow: 'GET, HEAD',
      },
    ),
  },
  Conflict: {
    status: '409',
    description:
      'A conflict: a request with the same Idempotency-Key is still being answered (`idempotency_in_progress`, retry after `Retry-After`), the campaign is not in a state that allows this (`campaign_state`: pausing a completed campaign, resuming one that is not paused, cancelling a finished one), or the name is taken (`conflict`)',
    example: problemExample(409, 'campaign_state', 'This campaign cannot do that in its current state.'),
    retry: true,
  },
  PayloadTooLarge: {
    status: '413',
    description: 'The body is over 1 MiB',
    example: problemExample(413, 'payload_too_large', 'The file or request is too large.'),
  },
  UriTooLong: {
    status: '414',
    description: 'A path parameter is longer than 200 characters',
    example: problemExample(414, 'validation', 'The request is not valid.'),
  },
  UnsupportedMediaType: {
    status: '415',
    description: 'The body is not `application/json`',
    example: problemExample(415, 'validation', 'The request is not valid.'),
  },
  UnprocessableContent: {
    status: '422',
    description: 'This Idempotency-Key was already used with a different request',
    example: problemExample(
      422,
      'idempotency_mismatch',
      'This Idempotency-Key was already used with another request.',
    ),
  },
  TooManyRequests: {
    status: '429',
    description: "Past this key's rate limit; wait `Retry-After` seconds",
    example: problemExample(429, 'too_many_attempts', 'Too many attempts. Please wait and try again.'),
    retry: true,
  },
  ServerError: {
    status: '500',
    description:
      'Something failed on our side; nothing about it is in the answer. Safe to retry with the same Idempotency-Key',
    example: problemExample(500, 'unexpected', 'Something went wrong. Please try again.'),
  },
  Unavailable: {
    status: '503',
    description:
      'Temporarily unavailable (maintenance, the database away); retry after `Retry-After` when given',
    example: problemExample(
      503,
      'unavailable',
      'The service is temporarily unavailable. Please try again shortly.',
    ),
    retry: true,
  },
};

const CAMPAIGN_STATE_OPERATIONS = new Set(['pauseCampaign', 'resumeCampaign', 'cancelCampaign']);
const CHARGING_OPERATIONS = new Set(['send']);

/** Which error answers an operation can give, by what it does. */
function errorsOf(operation: V1Operation): string[] {
  const { method, body } = operation.endpoint;
  const writes = method !== 'GET' && method !== 'DELETE';
  return [
    'BadRequest',
    'Unauthorized',
    ...(CHARGING_OPERATIONS.has(operation.name) ? ['PaymentRequired'] : []),
    'Forbidden',
    'NotFound',
    'MethodNotAllowed',
    ...(method === 'POST' || CAMPAIGN_STATE_OPERATIONS.has(operation.name) ? ['Conflict'] : []),
    ...(writes && body ? ['PayloadTooLarge'] : []),
    'UriTooLong',
    ...(writes && body ? ['UnsupportedMediaType'] : []),
    ...(method === 'POST' ? ['UnprocessableContent'] : []),
    'TooManyRequests',
    'ServerError',
    'Unavailable',
  ];
}

function describe(operation: V1Operation): string {
  const { method } = operation.endpoint;
  return [
    `${operation.summary}.`,
    `Needs an API key with the \`${operation.scope}\` scope.`,
    ...(method === 'POST'
      ? [
          'Send an `Idempotency-Key` to make a retry safe: the same key and body within 24 hours answer the first response again (`Idempotent-Replayed: true`) instead of acting twice.',
        ]
      : []),
    'Unknown body fields and query parameters are refused with 400, naming them.',
  ].join(' ');
}

function curlOf(operation: V1Operation, base: string, body: unknown): string {
  const path = openApiPath(operation.endpoint.path).replace(
    /\{[^}]+\}/g,
    '0194f0c2-8a3e-7cc1-9d3b-2f1f6a0e9b11',
  );
  const lines = [
    `curl -X ${operation.endpoint.method} '${base}${path}'`,
    `  -H "Authorization: Bearer $EL_NAMER_API_KEY"`,
  ];
  if (operation.endpoint.method === 'POST') lines.push(`  -H 'Idempotency-Key: 5f2b1c4e-order-1042'`);
  if (body !== undefined) {
    lines.push(
      `  -H 'Content-Type: application/json'`,
      `  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`,
    );
  }
  return lines.join(' \\\n');
}

function operationOf(operation: V1Operation, base: string) {
  const { endpoint, scope, tag, name, summary } = operation;
  const parameters: unknown[] = [
    ...parametersOf(endpoint.params, 'path'),
    ...parametersOf(endpoint.query, 'query'),
    ...(endpoint.method === 'POST' ? [ref('parameters', 'IdempotencyKey')] : []),
  ];
  const successHeaders = {
    ...rateHeaders,
    ...(endpoint.method === 'POST' ? { 'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed') } : {}),
  };
  const responseSchema = endpoint.status === 204 ? null : jsonSchema(endpoint.response, 'output');
  const success =
    responseSchema === null
      ? { description: 'Done', headers: successHeaders }
      : {
          description: 'Success',
          headers: successHeaders,
          content: {
            'application/json': {
              schema: responseSchema,
              examples: { success: { value: exampleOf(responseSchema) } },
            },
          },
        };
  const bodySchema = endpoint.body ? jsonSchema(endpoint.body, 'input') : null;
  const bodyExample = bodySchema ? exampleOf(bodySchema) : undefined;
  const errors = Object.fromEntries(
    errorsOf(operation).map((key) => [ERRORS[key]!.status, ref('responses', key)]),
  );
  return {
    operationId: name,
    summary,
    description: describe(operation),
    tags: [tag],
    'x-scope': scope,
    security: [{ apiKey: [scope] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(bodySchema
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: bodySchema, examples: { request: { value: bodyExample } } },
            },
          },
        }
      : {}),
    responses: { [String(endpoint.status)]: success, ...errors },
    'x-codeSamples': [{ lang: 'curl', label: 'curl', source: curlOf(operation, base, bodyExample) }],
  };
}

/** Standard Webhooks headers every delivery carries. */
const WEBHOOK_HEADERS: Parameter[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'The event id, the same on every attempt: deduplicate by it',
    example: 'evt_0194f0c2',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Seconds since the epoch when this attempt was signed',
    example: '1764165600',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      '`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint secret (Standard Webhooks)',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

function webhooksOf() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => {
      const schema = jsonSchema(webhookEnvelope(type), 'output');
      const id = type.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());
      return [
        type,
        {
          post: {
            operationId: `${id}Event`,
            summary: webhookEventData[type].summary,
            description: `Posted to each endpoint subscribed to \`${type}\`. Answer 2xx within the timeout; anything else is retried for 24 hours.`,
            tags: ['Webhooks'],
            security: [],
            parameters: WEBHOOK_HEADERS,
            requestBody: {
              required: true,
              content: { 'application/json': { schema, examples: { event: { value: exampleOf(schema) } } } },
            },
            responses: {
              '200': { description: 'Received' },
              '400': { description: 'Refused by the receiver; delivered again later' },
            },
          },
        },
      ];
    }),
  );
}

export function buildOpenApiDocument(operations: readonly V1Operation[], options: { publicUrl: string }) {
  const base = `${options.publicUrl.replace(/\/+$/, '')}${API_V1_PREFIX}`;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = openApiPath(operation.endpoint.path);
    paths[path] = { ...paths[path], [operation.endpoint.method.toLowerCase()]: operationOf(operation, base) };
  }
  const problemJson = jsonSchema(problemSchema, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'El Namer HTTP v1',
      version: '1.0.0',
      description:
        'Send e-mail campaigns, manage lists, recipients and templates, and read the e-mail log. ' +
        'Authenticate with an API key: `Authorization: Bearer eln_...`. Each operation names the scope it needs. ' +
        'Errors are RFC 9457 problem details (`application/problem+json`) whose `detail` follows `Accept-Language` (ar or en). ' +
        'Every path answers the same with or without its final slash.',
      license: { name: 'Proprietary', url: `${options.publicUrl.replace(/\/+$/, '')}/terms` },
    },
    servers: [{ url: base, description: 'This server' }],
    tags: [...new Set(operations.map((operation) => operation.tag)), 'Webhooks']
      .filter((tag, index, all) => all.indexOf(tag) === index)
      .map((tag) => ({ name: tag, description: `${tag} operations` })),
    paths,
    webhooks: webhooksOf(),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'eln_<key>',
          description: `An API key from Developer tools -> API keys. Scopes: ${API_SCOPES.join(', ')}.`,
        },
      },
      schemas: { Problem: problemJson },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Any unique string (a UUID). Sent again with the same body within 24 hours, the first answer comes back instead of a second effect.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
          example: '5f2b1c4e-order-1042',
        },
      },
      headers: {
        RateLimit: {
          description:
            'What is left of the policy: `"per-key";r=<remaining>;t=<seconds until reset>` (IETF RateLimit headers)',
          schema: { type: 'string' },
          example: '"per-key";r=119;t=42',
        },
        'RateLimit-Policy': {
          description: 'The policy: `"per-key";q=<requests>;w=<window seconds>`',
          schema: { type: 'string' },
          example: '"per-key";q=120;w=60',
        },
        'Retry-After': {
          description: 'Seconds to wait before trying again',
          schema: { type: 'integer' },
          example: 30,
        },
        'Idempotent-Replayed': {
          description:
            '`true` when this is the stored answer to an earlier request with the same Idempotency-Key',
          schema: { type: 'string', enum: ['true'] },
          example: 'true',
        },
        Allow: {
          description: 'The methods this path takes',
          schema: { type: 'string' },
          example: 'GET, HEAD',
        },
        'WWW-Authenticate': {
          description: 'The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent',
          schema: { type: 'string' },
          example: 'Bearer realm="api", error="invalid_token"',
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([key, error]) => [
          key,
          {
            description: error.description,
            headers: {
              ...rateHeaders,
              ...(error.retry ? { 'Retry-After': ref('headers', 'Retry-After') } : {}),
              ...(key === 'MethodNotAllowed' ? { Allow: ref('headers', 'Allow') } : {}),
              ...(key === 'Unauthorized' ? { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') } : {}),
            },
            content: {
              'application/problem+json': {
                schema: ref('schemas', 'Problem'),
                examples: { problem: { value: error.example } },
              },
            },
          },
        ]),
      ),
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
