import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { loginRequestSchema } from '../../contract/auth.contract.ts';
import { isLoginRequest, readApiError, readStoredSession } from '../../src/lib/shape-checks.ts';
import { storedSessionSchema } from '../../src/services/stored-session.schema.ts';

// The first load checks these shapes by hand instead of with zod (issue 6). Each hand check must
// answer exactly as its zod schema does; these tables hold them to it.

const long = (length: number, char = 'a') => char.repeat(length);

describe('isLoginRequest agrees with loginRequestSchema', () => {
  const inputs: unknown[] = [
    { username: 'admin', password: 'secret' },
    { type: 'auth.login', username: 'admin', password: 'secret' },
    { username: '', password: 'secret' },
    { username: '   ', password: 'secret' },
    { username: '  a  ', password: 'x' },
    { username: 'admin', password: '' },
    { username: 'admin', password: ' ' },
    { username: long(254), password: 'x' },
    { username: long(255), password: 'x' },
    { username: ` ${long(254)} `, password: 'x' },
    { username: 'admin', password: long(1024) },
    { username: 'admin', password: long(1025) },
    { username: 'admin' },
    { password: 'secret' },
    { username: 1, password: 'secret' },
    { username: 'admin', password: 1 },
    { username: null, password: 'secret' },
    { username: 'مدير', password: 'كلمة' },
    null,
    undefined,
    'admin',
    [],
  ];

  it.each(inputs.map((input) => [JSON.stringify(input) ?? String(input), input]))('%s', (_, input) => {
    expect(isLoginRequest(input)).toBe(loginRequestSchema.safeParse(input).success);
  });
});

describe('readApiError agrees with apiErrorSchema', () => {
  const base = { statusCode: 400, code: 'errors.validation', message: 'Invalid' };
  const inputs: unknown[] = [
    base,
    { ...base, fields: { name: 'validation.required' } },
    { ...base, fields: {} },
    { ...base, fields: { name: 1 } },
    { ...base, fields: ['validation.required'] },
    { ...base, fields: null },
    { ...base, fields: 'validation.required' },
    { ...base, details: { balance: 3, needed: 5 } },
    { ...base, details: {} },
    { ...base, details: [1] },
    { ...base, details: null },
    { ...base, extra: true },
    { ...base, statusCode: 400.5 },
    { ...base, statusCode: '400' },
    { ...base, statusCode: 2 ** 53 },
    { ...base, statusCode: -1 },
    { ...base, code: 1 },
    { ...base, message: undefined },
    { statusCode: 500, code: 'errors.unexpected' },
    '<html>Bad gateway</html>',
    '',
    null,
    undefined,
    [],
  ];

  it.each(inputs.map((input) => [JSON.stringify(input) ?? String(input), input]))('%s', (_, input) => {
    const zod = apiErrorSchema.safeParse(input);
    const expected = zod.success
      ? {
          code: zod.data.code,
          ...(zod.data.fields ? { fields: zod.data.fields } : {}),
          ...(zod.data.details ? { details: zod.data.details } : {}),
        }
      : null;
    expect(readApiError(input)).toEqual(expected);
  });
});

describe('readStoredSession agrees with storedSessionSchema', () => {
  const user = {
    id: 'u1',
    username: 'admin',
    email: 'admin@example.com',
    role: 'admin',
    is_active: true,
    organization: null,
    sender_name: 'Admin',
    quota: 10,
    used_quota: 2,
    remaining_quota: 8,
  };
  const session = { user, access: 'a.b.c', refresh: 'r' };
  const withUser = (changes: Record<string, unknown>) => ({ ...session, user: { ...user, ...changes } });
  const inputs: unknown[] = [
    session,
    { ...session, extra: 1 },
    withUser({ extra: 'dropped' }),
    withUser({ role: 'sender', organization: 'Org', sender_name: null }),
    withUser({ role: 'owner' }),
    withUser({ is_active: 'true' }),
    withUser({ organization: undefined }),
    withUser({ quota: 1.5 }),
    withUser({ used_quota: '2' }),
    withUser({ remaining_quota: -3 }),
    withUser({ id: 7 }),
    withUser({ email: null }),
    { ...session, access: '' },
    { ...session, refresh: '' },
    { ...session, refresh: undefined },
    { ...session, user: null },
    { access: 'a', refresh: 'r' },
    null,
    'persisted',
    [],
  ];

  it.each(inputs.map((input) => [JSON.stringify(input) ?? String(input), input]))('%s', (_, input) => {
    const zod = storedSessionSchema.safeParse(input);
    expect(readStoredSession(input)).toEqual(zod.success ? zod.data : null);
  });
});
