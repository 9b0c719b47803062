import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contract/auth.contract.ts';
import { toAppError, toastKeyOf } from '../../src/lib/app-error.ts';
import { AUTH_STORAGE_KEY, createAuthStorage } from '../../src/services/auth-storage.ts';
import { createQueryClient, shouldRetryQuery } from '../../src/services/query-client.ts';
import { clearSessionMarker, readSessionMarker } from '../../src/services/session-cookie.ts';
import { adminLogin, apiError, httpError, networkError } from '../support/fixtures.ts';

describe('api errors', () => {
  it('keep the server code, fields and status', () => {
    expect(toAppError(apiError(409, 'errors.conflict', { name: 'validation.nameTaken' }))).toEqual({
      code: 'errors.conflict',
      status: 409,
      fields: { name: 'validation.nameTaken' },
    });
  });

  it('keep the figures a message needs, e.g. balance and need for a 402', () => {
    const body = {
      statusCode: 402,
      code: 'errors.insufficientCredit',
      message: 'Not enough credit',
      details: { balance: 3, needed: 5 },
    };
    expect(toAppError(httpError(402, body))).toEqual({
      code: 'errors.insufficientCredit',
      status: 402,
      details: { balance: 3, needed: 5 },
    });
  });

  it('are errors.network when no response came', () => {
    expect(toAppError(networkError())).toEqual({ code: 'errors.network', status: null });
  });

  it('fall back to the status when the body is not ours', () => {
    expect(toAppError(httpError(403, '<html>forbidden</html>')).code).toBe('errors.forbidden');
    expect(toAppError(httpError(502, '')).code).toBe('errors.unexpected');
  });

  it('are errors.unexpected for anything that is not an http error', () => {
    expect(toAppError(new TypeError('x is undefined'))).toEqual({ code: 'errors.unexpected', status: null });
  });

  it('toast the first field key, else the code', () => {
    expect(
      toastKeyOf({ code: 'errors.validation', status: 400, fields: { name: 'validation.required' } }),
    ).toBe('validation.required');
    expect(toastKeyOf({ code: 'errors.conflict', status: 409 })).toBe('errors.conflict');
  });
});

describe('auth storage', () => {
  it('restores what it saved under persist:auth', async () => {
    const storage = createAuthStorage(localStorage);

    storage.save(adminLogin);

    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(adminLogin);
    await expect(storage.restore()).resolves.toEqual(adminLogin);
  });

  it('restores nothing from an empty, corrupt or incomplete entry', async () => {
    const storage = createAuthStorage(localStorage);
    const empty = await storage.restore();
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    const corrupt = await storage.restore();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...adminLogin, refresh: '' }));
    const incomplete = await storage.restore();

    expect([empty, corrupt, incomplete]).toEqual([null, null, null]);
  });

  it('empties all local storage except the language choice', () => {
    const storage = createAuthStorage(localStorage);
    storage.save(adminLogin);
    localStorage.setItem('i18nextLng', 'en');
    localStorage.setItem('persist:token', '{}');

    storage.clearAll();

    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('forgets only the sign-in state', () => {
    const storage = createAuthStorage(localStorage);
    storage.save(adminLogin);
    localStorage.setItem('other', '1');

    storage.forget();

    expect(Object.keys(localStorage)).toEqual(['other']);
  });
});

describe('session cookie', () => {
  it('reads the marker, an empty value, or null when absent', () => {
    const absent = readSessionMarker();
    document.cookie = `${SESSION_COOKIE}=; path=/`;
    const empty = readSessionMarker();
    document.cookie = `other=1; path=/`;
    document.cookie = `${SESSION_COOKIE}=abc%20def; path=/`;

    expect(absent).toBeNull();
    expect(empty).toBe('');
    expect(readSessionMarker()).toBe('abc def');
  });

  it('clears the cookie', () => {
    document.cookie = `${SESSION_COOKIE}=abc; path=/`;

    clearSessionMarker();

    expect(readSessionMarker()).toBeNull();
  });
});

describe('query client', () => {
  it('keeps unused data 60 s and never refetches on focus or reconnect', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;

    expect(defaults).toMatchObject({
      gcTime: 60_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    });
  });

  it('retries a query once after a network or server failure, never after a refusal', () => {
    expect(shouldRetryQuery(0, networkError())).toBe(true);
    expect(shouldRetryQuery(0, httpError(503, ''))).toBe(true);
    expect(shouldRetryQuery(1, networkError())).toBe(false);
    expect(shouldRetryQuery(0, apiError(401, 'errors.unauthorized'))).toBe(false);
    expect(shouldRetryQuery(0, apiError(404, 'errors.notFound'))).toBe(false);
  });

  it('retries a failing fetch exactly once', async () => {
    const queryClient = createQueryClient();
    let attempts = 0;

    const fetching = queryClient.fetchQuery({
      queryKey: ['flaky'],
      queryFn: async () => {
        attempts += 1;
        throw networkError();
      },
      retryDelay: 0,
    });

    await expect(fetching).rejects.toBeDefined();
    expect(attempts).toBe(2);
  });
});
