import type { LoginRequest, LoginResponse, User } from '../../contract/auth.contract.ts';

// Hand-written twins of three contract schemas that the login page needs before sign-in: zod
// (~24 KB compressed) stays out of the first load (issue 6). tests/unit/shape-checks.test.ts
// holds each one to its zod schema on a table of inputs, so the two cannot drift apart.

type Plain = Record<string, unknown>;

/** What zod's z.object and z.record accept: a non-null object that is not an array. */
function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
/** zod 4's `.int()`: a safe integer. */
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const hasLength = (value: unknown, min: number, max = Infinity): value is string =>
  isString(value) && value.length >= min && value.length <= max;

/** contract `loginRequestSchema.safeParse(value).success`. */
export function isLoginRequest(value: unknown): value is LoginRequest {
  return (
    isPlain(value) &&
    isString(value.username) &&
    hasLength(value.username.trim(), 1, 254) &&
    hasLength(value.password, 1, 1024)
  );
}

export interface ApiErrorFields {
  code: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
}

/** contract `apiErrorSchema.safeParse(value)`: the parts the browser reads, or null when it fails. */
export function readApiError(value: unknown): ApiErrorFields | null {
  if (!isPlain(value) || !isInt(value.statusCode) || !isString(value.code) || !isString(value.message)) {
    return null;
  }
  const { code, fields, details } = value;
  if (fields !== undefined && !(isPlain(fields) && Object.values(fields).every(isString))) return null;
  if (details !== undefined && !isPlain(details)) return null;
  return {
    code,
    ...(fields !== undefined ? { fields: { ...(fields as Record<string, string>) } } : {}),
    ...(details !== undefined ? { details: { ...details } } : {}),
  };
}

function readUser(value: unknown): User | null {
  if (!isPlain(value)) return null;
  const { id, username, email, role, is_active, organization, sender_name } = value;
  const { quota, used_quota, remaining_quota } = value;
  if (!isString(id) || !isString(username) || !isString(email)) return null;
  if (role !== 'admin' && role !== 'sender') return null;
  if (typeof is_active !== 'boolean' || !isNullableString(organization) || !isNullableString(sender_name)) {
    return null;
  }
  if (!isInt(quota) || !isInt(used_quota) || !isInt(remaining_quota)) return null;
  // Like zod's output: only the known keys.
  return {
    id,
    username,
    email,
    role,
    is_active,
    organization,
    sender_name,
    quota,
    used_quota,
    remaining_quota,
  };
}

/**
 * `storedSessionSchema.safeParse(value)` of src/services/stored-session.schema.ts: the data, or
 * null. The stored sign-in has a login answer's shape (the user and the token pair).
 */
export function readStoredSession(value: unknown): LoginResponse | null {
  if (!isPlain(value)) return null;
  const user = readUser(value.user);
  const { access, refresh } = value;
  if (!user || !hasLength(access, 1) || !hasLength(refresh, 1)) return null;
  return { user, access, refresh };
}
