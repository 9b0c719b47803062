import type { z } from 'zod';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { senderEndpoints } from '../../../contract/senders.contract.ts';
import type { FieldErrors } from '../submit.machine.ts';

/**
 * The add forms' checks, with the contract's own body schemas, so the browser refuses what the
 * server would, with the same validation.* keys, before anything is sent.
 */
function errorsOf(schema: z.ZodType | undefined, values: unknown): FieldErrors {
  // Every add endpoint has a body schema; the descriptor type only says a body may be absent.
  const result = schema?.safeParse(values);
  if (!result || result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message.startsWith('validation.') ? issue.message : validationKeys.invalid;
  }
  return errors;
}

export const checkDomainInput = (values: { domain: string }): FieldErrors =>
  errorsOf(senderEndpoints.addDomain.body, values);

export const checkNameInput = (values: { name: string }): FieldErrors =>
  errorsOf(senderEndpoints.addName.body, values);

/** A sender e-mail must be on one of the user's own domains (`domains`: their names). */
export function checkEmailInput(values: { email: string; domains: readonly string[] }): FieldErrors {
  const errors = errorsOf(senderEndpoints.addEmail.body, { email: values.email });
  if (errors.email) return errors;
  const domain = values.email
    .trim()
    .slice(values.email.trim().lastIndexOf('@') + 1)
    .toLowerCase();
  return values.domains.includes(domain) ? {} : { email: validationKeys.emailDomainNotOwned };
}
