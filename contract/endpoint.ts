import type { z } from 'zod';

/**
 * One endpoint of the API, described once for both sides: the server registers its route from
 * this (validating params, query and body, and serialising the answer with the response schema),
 * and the browser calls it through one typed `call(endpoint, input, signal)`.
 *
 * `path` is relative to `/api` and written in Fastify's pattern syntax (`/control/theme/:id/`);
 * trailing slashes are part of the contract (spec §7) and never normalised away.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. The server's one auth hook enforces it for every route:
 * - `public`: no session needed; a valid bearer token is still read (logout uses it);
 * - `user`: any signed-in, active user (admin or sender);
 * - `admin`: administrators only.
 */
export type Access = 'public' | 'user' | 'admin';

/** Zod schemas never describe path parameters as anything but strings. */
type ParamsSchema = z.ZodObject<Record<string, z.ZodType<string, string>>>;

export interface Endpoint<
  Params extends ParamsSchema | undefined = ParamsSchema | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: Access;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success status and its body. Every error answers the contract's ApiError body. */
  status: 200 | 201 | 202 | 204;
  response: Response;
}

export type AnyEndpoint = Endpoint<
  ParamsSchema | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

/** Keeps the literal types of a descriptor while checking its shape. */
export function defineEndpoint<
  const Params extends ParamsSchema | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Response extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

type Field<Key extends string, Schema> = Schema extends z.ZodType
  ? // A schema whose every field is optional may be left out altogether.
    object extends z.input<Schema>
    ? { [K in Key]?: z.input<Schema> }
    : { [K in Key]: z.input<Schema> }
  : { [K in Key]?: never };

// Read back through `infer`: the descriptor's fields are optional, so `E['body']` would add
// `undefined` to every schema.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type ParamsOf<E> = E extends Endpoint<infer P, any, any, any> ? P : never;
export type QueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? Q : never;
export type BodyOf<E> = E extends Endpoint<any, any, infer B, any> ? B : never;
export type ResponseOf<E> = E extends Endpoint<any, any, any, infer R> ? R : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** What a caller passes: `{ params, query, body }`, each present exactly when the endpoint has it. */
export type EndpointInput<E extends AnyEndpoint> = Field<'params', ParamsOf<E>> &
  Field<'query', QueryOf<E>> &
  Field<'body', BodyOf<E>>;

export type EndpointOutput<E extends AnyEndpoint> = z.output<ResponseOf<E>>;

/** `/control/theme/:id/` + `{ id: 'a b' }` -> `/control/theme/a%20b/`. */
export function pathOf(endpoint: Pick<AnyEndpoint, 'path'>, params?: Record<string, string>): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the path parameter "${name}"`);
    return encodeURIComponent(value);
  });
}

/** Every endpoint's path is relative to this prefix (the browser's axios base URL). */
export const API_PREFIX = '/api';
