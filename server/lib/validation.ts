import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationKeys } from '../../contract/errors.contract.ts';
import { unknownKeys } from './unknown-keys.ts';

/** The `fields` key for problems with the body as a whole (wrong type, a failed cross-field rule). */
export const BODY_FIELD = 'body';

export type Part = 'body' | 'params' | 'querystring' | 'headers';

/**
 * One problem with one request field, for answers that describe each field themselves (HTTP v1's
 * problem+json): where it is, the i18n key and the figures that key's text names.
 */
export type FieldProblem = {
  part: Part;
  path: readonly (string | number)[];
  key: string;
  vars?: Record<string, string>;
};

/**
 * A request part that failed its contract schema. Fastify hands it to the error handler, which
 * answers the contract's 400 body with these field keys. `code` and `statusCode` are set here
 * because Fastify fills them in only when missing.
 */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';

  constructor(
    readonly fields: Record<string, string>,
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super('The request is not valid');
  }
}

// A lone UTF-16 surrogate cannot be stored faithfully (PostgreSQL and JSON encoders replace it),
// and NUL ends a C string: PostgreSQL refuses it with a 500. Neither is ever meaningful text.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or object key) in `value` that holds unsafe text, if any. */
export function findUnsafeText(value: unknown, path: string[] = []): string[] | null {
  const found = unsafeBelow(value);
  return found ? [...path, ...found] : null;
}

// The path is built only on the way back from a hit: a 5,000-row import chunk is 100k strings,
// and a fresh path array for each of them was a tenth of its validation time.
function unsafeBelow(value: unknown): string[] | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? [] : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE_TEXT.test(key)) return [key];
    const found = unsafeBelow(item);
    if (found) return [key, ...found];
  }
  return null;
}

function fieldName(part: Part, path: readonly PropertyKey[]): string {
  const joined = path.map(String).join('.');
  return joined || (part === 'body' ? BODY_FIELD : part);
}

/**
 * Contract schemas use i18n keys (validation.*) as messages; zod's own messages (missing field,
 * wrong type) are English sentences, so they become a key here and the browser can translate
 * every field error.
 */
function toValidationKey(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return validationKeys.required;
  return validationKeys.invalid;
}

/** Turns a failed parse into field -> i18n key, the first problem of each field winning. */
export function fieldErrorsOf(part: Part, issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[fieldName(part, issue.path)] ??= toValidationKey(issue);
  return fields;
}

const problemsOf = (part: Part, issues: readonly z.core.$ZodIssue[]): FieldProblem[] =>
  issues.map((issue) => ({
    part,
    path: issue.path.map((step) => (typeof step === 'number' ? step : String(step))),
    key: toValidationKey(issue),
  }));

/**
 * Which parts of a contract route refuse keys their schema does not name. HTTP v1: every body and
 * query, so a typo is a 400 naming it instead of a default silently applied. The dashboard: the
 * bodies of signed-in writes; its queries stay lenient (links and bookmarks of older screens carry
 * other parameters), and so do the public sign-in calls, which write no account data.
 */
export function strictPartsOf(route: { v1: boolean; method: string; access: string }): ReadonlySet<Part> {
  if (route.v1) return new Set<Part>(['body', 'querystring']);
  const writes = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return new Set<Part>(writes && route.access !== 'public' ? ['body'] : []);
}

/** What the unknown keys of a request part are, as field errors and as problems. */
function unknownKeyErrors(part: Part, schema: z.ZodType, data: unknown) {
  const problems: FieldProblem[] = unknownKeys(schema, data).map(({ path, key, suggestion }) => ({
    part,
    path: [...path, key],
    key: suggestion ? validationKeys.unknownFieldSuggestion : validationKeys.unknownFieldNamed,
    vars: { field: key, ...(suggestion ? { suggestion } : {}) },
  }));
  const fields: Record<string, string> = {};
  // The dashboard translates `fields` without figures: its text names no field.
  for (const problem of problems) fields[fieldName(part, problem.path)] ??= validationKeys.unknownField;
  return { fields, problems };
}

/**
 * Fastify's validator compiler for the contract's zod schemas: every params, query and body is
 * parsed (coerced, defaulted, trimmed) by its endpoint's schema before a handler sees it.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  strictValidatorCompiler(new Set())(route);

/** The same, refusing unknown keys in `strictParts` (see strictPartsOf). */
export const strictValidatorCompiler =
  (strictParts: ReadonlySet<Part>): FastifySchemaCompiler<z.ZodType> =>
  ({ schema, httpPart }) => {
    const part = (httpPart ?? 'body') as Part;
    const strict = strictParts.has(part);
    return (data) => {
      const unsafe = findUnsafeText(data);
      if (unsafe) {
        const path = unsafe;
        return {
          error: new RequestValidationError({ [fieldName(part, path)]: validationKeys.invalid }, [
            { part, path, key: validationKeys.invalid },
          ]),
        };
      }
      const unknown = strict ? unknownKeyErrors(part, schema, data) : { fields: {}, problems: [] };
      const result = schema.safeParse(data ?? (part === 'body' ? {} : data), { reportInput: true });
      if (result.success && unknown.problems.length === 0) return { value: result.data };
      const issues = result.success ? [] : result.error.issues;
      return {
        error: new RequestValidationError({ ...unknown.fields, ...fieldErrorsOf(part, issues) }, [
          ...unknown.problems,
          ...problemsOf(part, issues),
        ]),
      };
    };
  };
