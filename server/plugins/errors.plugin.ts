import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { errorCodes, validationKeys, type ApiError, type ErrorCode } from '../../contract/errors.contract.ts';
import { HttpError } from '../lib/http-error.ts';
import { BODY_FIELD } from '../lib/parse-body.ts';

/** Codes for errors Fastify raises itself (bad JSON, body too large, wrong content type, ...). */
const codeByStatus: Record<number, ErrorCode> = {
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  429: errorCodes.tooManyAttempts,
};

function send(reply: FastifyReply, body: ApiError) {
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * One error body for the whole API (contract apiErrorSchema). 5xx answers never carry the
 * original message or stack: those can reveal SQL, paths or secrets. The details go to the log.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        const { statusCode, code, message, fields } = error;
        return send(reply, { statusCode, code, message, ...(fields ? { fields } : {}) });
      }
      const statusCode = statusOf(error);
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        return send(reply, {
          statusCode: 500,
          code: errorCodes.unexpected,
          message: 'Internal Server Error',
        });
      }
      const message = error instanceof Error ? error.message : 'Bad request';
      const code = codeByStatus[statusCode];
      if (code) return send(reply, { statusCode, code, message });
      // Any other 4xx from Fastify is about the request body as a whole (malformed JSON, media type).
      return send(reply, {
        statusCode,
        code: errorCodes.validation,
        message,
        fields: { [BODY_FIELD]: validationKeys.invalid },
      });
    });

    app.setNotFoundHandler((request, reply) =>
      send(reply, {
        statusCode: 404,
        code: errorCodes.notFound,
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      }),
    );
  },
  { name: 'errors' },
);

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}
