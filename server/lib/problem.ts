import { STATUS_CODES } from 'node:http';
import type { ApiError } from '../../contract/api-error.contract.ts';
import { API_V1_PREFIX } from '../../contract/api-v1.contract.ts';
import type { Problem, ProblemFieldError } from '../../contract/problem.contract.ts';
import { t, type Language } from './i18n.ts';
import { BODY_FIELD, type FieldProblem } from './validation.ts';

/**
 * HTTP v1's errors as RFC 9457 problem details (`application/problem+json`). The dashboard keeps
 * the contract's ApiError body, whose keys its browser translates; an integrating developer gets
 * the text itself, in the request's language, and each field's problem at an RFC 6901 pointer.
 */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json; charset=utf-8';

/** `/api/v1/...` (or the bare `/api/v1`) by the raw URL: also true of paths no route matches. */
export const isV1Path = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return path === API_V1_PREFIX || path.startsWith(`${API_V1_PREFIX}/`);
};

/** `errors.missingScope` -> `missing_scope`: the stable code a client compares. */
export const problemCode = (key: string) =>
  (key.includes('.') ? key.slice(key.indexOf('.') + 1) : key)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

/** Where each code is described (docs/http-api.md lists them); the URL never changes. */
export const problemType = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/docs/errors/${code}`;

const escapePointer = (step: string | number) => String(step).replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (path: readonly (string | number)[]) =>
  path.map((step) => `/${escapePointer(step)}`).join('');

/** Our headers that are validated like fields (`fields['Idempotency-Key']`). */
const HEADER_FIELDS = new Set(['Idempotency-Key']);

/** A handler's `fields` (dotted names of body fields) as problems, when no parser gave them. */
function problemsOfFields(fields: Record<string, string>): FieldProblem[] {
  return Object.entries(fields).map(([name, key]) => {
    if (HEADER_FIELDS.has(name)) return { part: 'headers', path: [name], key };
    return { part: 'body', path: name === BODY_FIELD ? [] : name.split('.'), key };
  });
}

function fieldError(problem: FieldProblem, language: Language): ProblemFieldError {
  const detail = t(language, `common:${problem.key}`, problem.vars);
  const code = problemCode(problem.key);
  if (problem.part === 'querystring' && problem.path.length > 0)
    return { parameter: String(problem.path[0]), code, detail };
  if (problem.part === 'headers') return { header: String(problem.path[0]), code, detail };
  if (problem.part === 'params') return { parameter: String(problem.path[0] ?? ''), code, detail };
  return { pointer: pointerOf(problem.path), code, detail };
}

const RESERVED = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'errors']);

/** The problem document of an error answer. */
export function toProblem(
  error: ApiError,
  options: {
    language: Language;
    publicUrl: string;
    instance: string;
    problems?: readonly FieldProblem[] | undefined;
  },
): Problem {
  const { language } = options;
  const vars = Object.fromEntries(
    Object.entries(error.details ?? {}).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
  const translated = t(language, `common:${error.code}`, vars);
  const code = problemCode(error.code);
  const problems =
    options.problems && options.problems.length > 0
      ? options.problems
      : error.fields
        ? problemsOfFields(error.fields)
        : [];
  const extensions = Object.fromEntries(
    Object.entries(error.details ?? {}).filter(([key]) => !RESERVED.has(key)),
  );
  return {
    type: problemType(options.publicUrl, code),
    title: STATUS_CODES[error.statusCode] ?? 'Error',
    status: error.statusCode,
    detail: translated === `common:${error.code}` ? error.message : translated,
    instance: options.instance,
    code,
    ...(problems.length > 0 ? { errors: problems.map((problem) => fieldError(problem, language)) } : {}),
    ...extensions,
  };
}
