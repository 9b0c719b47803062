import axios, { AxiosHeaders, isAxiosError } from 'axios';
import type { AxiosAdapter, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import {
  API_PREFIX,
  pathOf,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointOutput,
} from '../../contract/endpoint.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry after a token refresh, so a second 401 is final. */
    retriedAfterRefresh?: boolean;
  }
}

export interface HttpClientOptions {
  /** The current access token, or null when signed out. Read on every request. */
  getAccessToken: () => string | null;
  /**
   * Resolves with a fresh access token. The composition root routes this through the
   * token-refresh machine, so however many calls fail at once only one refresh is in flight.
   */
  refreshAccessToken: () => Promise<string>;
  baseURL?: string;
  /** Replaces the network, for tests. */
  adapter?: AxiosAdapter;
  /**
   * A call was refused because an administrator requires two-step sign-in and this account has
   * none (403 errors.twoFactorSetupRequired). The call still fails; what it means for the app (go
   * to Settings -> Security) is the auth machine's to decide.
   */
  onTwoFactorSetupRequired?: () => void;
}

const isTwoFactorSetupRequired = (error: unknown) =>
  isAxiosError(error) &&
  error.response?.status === 403 &&
  (error.response.data as { code?: unknown } | undefined)?.code === errorCodes.twoFactorSetupRequired;

/** A 401 from these means "wrong credentials" or "refresh token dead": refreshing cannot help. */
const NO_REFRESH_PATHS: readonly string[] = [
  authEndpoints.login.path,
  authEndpoints.refresh.path,
  authEndpoints.logout.path,
];

function bearer(token: string): string {
  return `Bearer ${token}`;
}

function sentAuthorization(config: InternalAxiosRequestConfig): string | null {
  const value = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof value === 'string' ? value : null;
}

/**
 * The app's one axios instance. It adds the bearer token and, on a 401, waits for a token
 * refresh and retries the call once. It never redirects: what a failed refresh means (sign the
 * user out) is decided by the token-refresh and auth machines.
 */
export function createHttpClient(options: HttpClientOptions): AxiosInstance {
  const http = axios.create({
    baseURL: options.baseURL ?? API_PREFIX,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  http.interceptors.request.use((config) => {
    const token = options.getAccessToken();
    // A retry already carries the token it was refreshed for; keep it.
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', bearer(token));
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (isTwoFactorSetupRequired(error)) options.onTwoFactorSetupRequired?.();
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config;
    if (config.retriedAfterRefresh || NO_REFRESH_PATHS.includes(config.url ?? '')) throw error;
    const sent = sentAuthorization(config);
    // A call made without a token was refused for another reason than an expired token.
    if (!sent) throw error;

    const current = options.getAccessToken();
    // The call left with a token that has since been replaced (another call's refresh finished
    // while it was in flight): retry with the new one instead of refreshing a second time.
    const token = current && bearer(current) !== sent ? current : await options.refreshAccessToken();

    const headers = AxiosHeaders.from(config.headers);
    headers.set('Authorization', bearer(token));
    return http.request({ ...config, headers, retriedAfterRefresh: true });
  });

  return http;
}

/** Calls one contract endpoint: the path built from `params`, the answer parsed by its schema. */
export type Call = <E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
) => Promise<EndpointOutput<E>>;

/**
 * The one way the browser talks to the API. Every service and machine actor goes through it, so
 * no call builds a URL by hand or trusts an answer its contract schema has not parsed.
 */
export function createCall(http: AxiosInstance): Call {
  return async <E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, signal?: AbortSignal) => {
    const { params, query, body } = input as {
      params?: Record<string, string>;
      query?: object;
      body?: unknown;
    };
    const response = await http.request<unknown>({
      method: endpoint.method,
      url: pathOf(endpoint, params),
      ...(query ? { params: query } : {}),
      ...(body !== undefined ? { data: body } : {}),
      signal,
    });
    const output = endpoint.status === 204 ? undefined : endpoint.response.parse(response.data);
    return output as EndpointOutput<E>;
  };
}
