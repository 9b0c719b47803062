import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { LoginResponse, User } from '../../contract/auth.contract.ts';
import type { Theme } from '../../contract/theme.contract.ts';

export const adminUser: User = {
  id: 'u-admin',
  username: 'ada',
  email: 'ada@example.com',
  role: 'admin',
  is_active: true,
  organization: 'El Namer',
  sender_name: 'Ada',
  quota: 1000,
  used_quota: 10,
  remaining_quota: 990,
};

export const senderUser: User = {
  ...adminUser,
  id: 'u-sender',
  username: 'sam',
  email: 'sam@example.com',
  role: 'sender',
};

export const adminLogin: LoginResponse = { user: adminUser, access: 'access-1', refresh: 'refresh-1' };

export const themes: Theme[] = [
  {
    id: 't1',
    name: 'Night',
    primary_color: '#111111',
    secondary_color: '#222222',
    accent_color: '#33333380',
    is_active: false,
  },
  {
    id: 't2',
    name: 'Sea',
    primary_color: '#0066cc',
    secondary_color: '#003366',
    accent_color: '#99ccff',
    is_active: true,
  },
];

function requestConfig(url = '/test'): InternalAxiosRequestConfig {
  return { url, headers: new AxiosHeaders() };
}

/** An axios error as the real adapter builds it for a non-2xx answer. */
export function httpError(status: number, data: unknown, url?: string): AxiosError {
  const config = requestConfig(url);
  const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    response,
  );
}

/** The server's error body (contract/errors.contract.ts). */
export function apiError(
  status: number,
  code: string,
  fields?: Record<string, string>,
  url?: string,
): AxiosError {
  return httpError(status, { statusCode: status, code, message: code, ...(fields ? { fields } : {}) }, url);
}

/** No response: the network failed. */
export function networkError(): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, requestConfig(), {});
}
