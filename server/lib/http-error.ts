import { errorCodes, type ErrorCode } from '../../contract/errors.contract.ts';

/**
 * An error meant for the client: the error handler turns it into the contract's error body as is.
 * Anything else that is thrown becomes a 500 with no details.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, errorCodes.unauthorized, message);

export const forbidden = () => new HttpError(403, errorCodes.forbidden, 'You are not allowed to do this');

export const notFound = (what = 'Resource') => new HttpError(404, errorCodes.notFound, `${what} not found`);

export const conflict = (fields: Record<string, string>, message = 'Already exists') =>
  new HttpError(409, errorCodes.conflict, message, fields);

export const validationFailed = (fields: Record<string, string>) =>
  new HttpError(400, errorCodes.validation, 'The request is not valid', fields);
