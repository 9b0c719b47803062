import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationKeys } from '../../contract/errors.contract.ts';

/** The `fields` key for problems with the body as a whole (wrong type, a failed cross-field rule). */
export const BODY_FIELD = 'body';

type Part = 'body' | 'params' | 'querystring' | 'headers';

/**
 * A request part that failed its contract schema. Fastify hands it to the error handler, which
 * answers the contract's 400 body with these field keys. `code` and `statusCode` are set here
 * because Fastify fills them in only when missing.
 */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';

  constructor(readonly fields: Record<string, string>) {
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

/**
 * Fastify's validator compiler for the contract's zod schemas: every params, query and body is
 * parsed (coerced, defaulted, trimmed) by its endpoint's schema before a handler sees it.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = (httpPart ?? 'body') as Part;
    const unsafe = findUnsafeText(data);
    if (unsafe)
      return { error: new RequestValidationError({ [fieldName(part, unsafe)]: validationKeys.invalid }) };
    const result = schema.safeParse(data ?? (part === 'body' ? {} : data), { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsOf(part, result.error.issues)) };
  };
