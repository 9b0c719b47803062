import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../contract/api-error.contract.ts';
import { errorCodeByStatus, errorCodes, validationKeys } from '../../contract/errors.contract.ts';
import { HttpError } from '../lib/http-error.ts';
import { isV1Path, PROBLEM_MEDIA_TYPE, toProblem } from '../lib/problem.ts';
import { BODY_FIELD, RequestValidationError, type FieldProblem } from '../lib/validation.ts';
import { languageOf } from '../lib/language.ts';
import { allowedMethods } from '../lib/v1-paths.ts';

/**
 * The dashboard gets the contract's ApiError body; HTTP v1 the same error as RFC 9457 problem
 * details in the caller's language (a string, so no response schema reshapes it).
 */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ApiError,
  problems?: readonly FieldProblem[],
) {
  reply.code(body.statusCode);
  if (!isV1Path(request.url)) return reply.type('application/json; charset=utf-8').send(body);
  const language = languageOf(request.headers['accept-language']);
  const problem = toProblem(body, {
    language,
    publicUrl: request.server.appConfig.publicUrl,
    instance: `urn:request:${request.id}`,
    problems,
  });
  if (body.statusCode === 401) {
    const given = /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
    // RFC 6750: a key was sent and refused -> invalid_token, with why; none sent -> the realm only.
    const reason = problem.detail.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '');
    reply.header(
      'www-authenticate',
      given
        ? `Bearer realm="api", error="invalid_token", error_description="${reason || 'invalid API key'}"`
        : 'Bearer realm="api"',
    );
  }
  reply.header('content-language', language);
  return reply.type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(problem));
}

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}

/** The contract's error body for anything thrown while handling a request. */
export function toApiError(
  error: unknown,
  request: FastifyRequest,
): { body: ApiError; headers?: Record<string, string>; problems?: readonly FieldProblem[] } {
  if (error instanceof HttpError) {
    const { statusCode, code, message, fields, details } = error;
    return {
      body: { statusCode, code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
      headers: error.headers,
    };
  }
  if (error instanceof RequestValidationError) {
    return {
      body: { statusCode: 400, code: errorCodes.validation, message: error.message, fields: error.fields },
      problems: error.problems,
    };
  }
  const statusCode = statusOf(error);
  if (statusCode >= 500) {
    // 5xx answers never carry the original message or stack: those can reveal SQL, paths or
    // secrets (and a response that fails its schema names the field). The details go to the log.
    request.log.error({ err: error }, 'request failed');
    return { body: { statusCode: 500, code: errorCodes.unexpected, message: 'Internal Server Error' } };
  }
  const code = errorCodeByStatus[statusCode];
  // Fastify's own messages can echo the URL or a header; the code says what went wrong.
  const message = code ? 'The request was refused' : 'The request is not valid';
  if (code && code !== errorCodes.validation) return { body: { statusCode, code, message } };
  // Any other 4xx from Fastify is about the request as a whole (malformed JSON, media type).
  return {
    body: {
      statusCode,
      code: errorCodes.validation,
      message,
      fields: { [BODY_FIELD]: validationKeys.invalid },
    },
  };
}

/** What an answer made outside the request hooks carries instead of helmet's set. */
const BARE_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const;

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers or URL are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long' },
};

/**
 * Node refuses some requests before Fastify sees them: headers (the URL included) over
 * `maxHeaderSize` (16 KB), a request that never finishes, bytes that are not HTTP. Node's and
 * Fastify's answers to those are bare, without our body or the security headers; this one is
 * the app's (Fastify's `clientErrorHandler`). The connection is closed after it, as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''];
  const statusCode = known?.status ?? 400;
  const body: ApiError = {
    statusCode,
    code: errorCodeByStatus[statusCode] ?? errorCodes.validation,
    message: known?.message ?? 'The request is not valid HTTP',
  };
  const json = JSON.stringify(body);
  const headers = {
    ...BARE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  if (socket.writable) {
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Bad Request'}\r\n${head}\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/**
 * Answers errors Fastify raises before routing (a malformed `%ZZ` in the path) with the same
 * body as everything else. These skip the request hooks, so the security headers the helmet
 * plugin would add are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(BARE_SECURITY_HEADERS);
  const status = statusOf(error);
  const statusCode = status >= 500 ? 400 : status;
  return send(request, reply, {
    statusCode,
    code: errorCodeByStatus[statusCode] ?? errorCodes.validation,
    message: `The request URL is not valid (${request.method})`,
  });
}

/** One error body for the whole API (contract apiErrorSchema). */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const { body, headers, problems } = toApiError(error, request);
      if (headers) reply.headers(headers);
      return send(request, reply, body, problems);
    });

    // Never the URL itself: it is the caller's input (and may be thousands of characters).
    app.setNotFoundHandler((request, reply) => {
      // HTTP v1: a known path asked with a method it does not take is 405 with the ones it does.
      const allowed = isV1Path(request.url) ? allowedMethods(app.v1Routes, request.url) : [];
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return send(request, reply, {
          statusCode: 405,
          code: errorCodes.methodNotAllowed,
          message: `This address answers ${allowed.join(', ')} only`,
          details: { allow: allowed.join(', ') },
        });
      }
      return send(request, reply, { statusCode: 404, code: errorCodes.notFound, message: 'No such address' });
    });
  },
  { name: 'errors' },
);
