import { errorCodeByStatus, errorCodes } from '../../contract/errors.contract.ts';
import { readApiError } from './shape-checks.ts';

/**
 * What a machine keeps about a failed call: an i18n key (never translated text), the
 * per-field validation keys when the server sent them, and the HTTP status (null when no
 * response arrived).
 */
export interface AppError {
  code: string;
  status: number | null;
  fields?: Record<string, string>;
  /** Figures for the message's placeholders, e.g. {balance, needed} with errors.insufficientCredit. */
  details?: Record<string, unknown>;
}

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' &&
    (typeof candidate.status === 'number' || candidate.status === null) &&
    !(value instanceof Error)
  );
}

/** The part of an axios error read here; axios itself loads after the first screen (issue 6). */
interface AxiosLikeError {
  isAxiosError: true;
  response?: { status: number; data: unknown };
}

/** axios' own `isAxiosError` test, without importing axios into the first load. */
function isAxiosError(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && (error as AxiosLikeError).isAxiosError === true;
}

/** Turns whatever a call threw (axios error, zod error, anything) into an AppError. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!isAxiosError(error)) return { code: errorCodes.unexpected, status: null };

  const response = error.response;
  // No response at all: the request never reached the server or the answer never came back.
  if (!response) return { code: errorCodes.network, status: null };

  // The contract's apiErrorSchema, checked by hand (see shape-checks.ts).
  const body = readApiError(response.data);
  // Only trust `code` as an i18n key when it looks like one of ours.
  if (body?.code.startsWith('errors.')) {
    const { code, fields, details } = body;
    return { code, status: response.status, ...(fields ? { fields } : {}), ...(details ? { details } : {}) };
  }
  // The body is not ours (a proxy's HTML page, an empty 502, ...): the status says what happened.
  return { code: errorCodeByStatus[response.status] ?? errorCodes.unexpected, status: response.status };
}

/** The key a toast shows: the first field's validation key when there is one, else the code. */
export function toastKeyOf(error: AppError): string {
  const firstField = error.fields ? Object.values(error.fields)[0] : undefined;
  return firstField ?? error.code;
}

/** The details a message may show: only plain strings and numbers, whatever else came along. */
export function messageValues(details: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}
