import { z } from 'zod';

/**
 * HTTP v1's error body: RFC 9457 problem details, served as `application/problem+json`. `code`
 * is stable (compare it, not the text); `detail` and each field's `detail` are written in the
 * language of `Accept-Language` (Arabic or English). Each entry of `errors` locates its problem
 * by an RFC 6901 `pointer` into the JSON body, or names the query `parameter` or `header`.
 * Other members (`scope`, `balance`, ...) are figures particular to the code.
 */
export const problemFieldErrorSchema = z.object({
  pointer: z
    .string()
    .optional()
    .describe('RFC 6901 JSON pointer into the request body ("" is the whole body)'),
  parameter: z.string().optional().describe('The query or path parameter at fault'),
  header: z.string().optional().describe('The request header at fault'),
  code: z.string().describe('Stable code of the problem, e.g. `unknown_field_suggestion`, `required`'),
  detail: z.string().describe("What is wrong, in the request's language"),
});
export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;

export const problemSchema = z.looseObject({
  type: z.string().describe('A stable URL naming the kind of problem; its page describes it'),
  title: z.string().describe('Short summary of the HTTP status (English)'),
  status: z.number().int().describe('The HTTP status code'),
  detail: z.string().describe("This occurrence explained, in the request's language"),
  instance: z.string().describe('Identifies this occurrence (quote it to support)'),
  code: z.string().describe('Stable code, e.g. `validation`, `missing_scope`, `insufficient_credit`'),
  errors: z.array(problemFieldErrorSchema).optional().describe('One entry per field at fault'),
});
export type Problem = z.infer<typeof problemSchema>;
