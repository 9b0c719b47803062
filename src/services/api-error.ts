import { isAxiosError } from 'axios';
import { apiErrorSchema, errorCodes } from '../../contract/errors.contract.ts';

/**
 * What a machine keeps about a failed call: an i18n key (never translated text), the
 * per-field validation keys when the server sent them, and the HTTP status (null when no
 * response arrived).
 */
export interface AppError {
  code: string;
  status: number | null;
  fields?: Record<string, string>;
}

/** Used when the body is not ours (a proxy's HTML page, an empty 502, ...). */
const codeByStatus: Record<number, string> = {
  400: errorCodes.validation,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  422: errorCodes.validation,
  429: errorCodes.tooManyAttempts,
};

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' &&
    (typeof candidate.status === 'number' || candidate.status === null) &&
    !(value instanceof Error)
  );
}

/** Turns whatever a call threw (axios error, zod error, anything) into an AppError. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!isAxiosError(error)) return { code: errorCodes.unexpected, status: null };

  const response = error.response;
  // No response at all: the request never reached the server or the answer never came back.
  if (!response) return { code: errorCodes.network, status: null };

  const body = apiErrorSchema.safeParse(response.data);
  // Only trust `code` as an i18n key when it looks like one of ours.
  if (body.success && body.data.code.startsWith('errors.')) {
    return body.data.fields
      ? { code: body.data.code, status: response.status, fields: body.data.fields }
      : { code: body.data.code, status: response.status };
  }
  return { code: codeByStatus[response.status] ?? errorCodes.unexpected, status: response.status };
}

/** The key a toast shows: the first field's validation key when there is one, else the code. */
export function toastKeyOf(error: AppError): string {
  const firstField = error.fields ? Object.values(error.fields)[0] : undefined;
  return firstField ?? error.code;
}
