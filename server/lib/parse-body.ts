import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validationKeys } from '../../contract/errors.contract.ts';
import { validationFailed } from './http-error.ts';

/** The `fields` key for problems with the body as a whole (wrong type, a failed cross-field rule). */
export const BODY_FIELD = 'body';

/**
 * Validates a request body with a contract schema. Contract schemas use i18n keys (validation.*)
 * as messages; zod's own messages (missing field, wrong type) are English sentences, so they are
 * mapped to a key here and the browser can translate every field error.
 */
export function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  const result = schema.safeParse(request.body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || BODY_FIELD;
    fields[field] ??= toValidationKey(issue);
  }
  throw validationFailed(fields);
}

function toValidationKey(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return validationKeys.required;
  return validationKeys.invalid;
}
