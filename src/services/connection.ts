import type { AxiosInstance } from 'axios';
import type { Call, HttpClientOptions } from './http.ts';

/**
 * The app's connection to the API, made on first use: axios, the contract schemas and zod load
 * with the first call, never on the login page's first paint (issue 6). Until then nothing
 * talks to the network, so nothing is lost by waiting.
 */
export interface Connection {
  /** `call(endpoint, input, signal)` of ./http.ts on the one axios instance. */
  call: Call;
  /** The axios instance itself (file downloads), created on the first call. */
  connection: () => Promise<AxiosInstance>;
}

export function createConnection(options: HttpClientOptions): Connection {
  let loading: Promise<{ http: AxiosInstance; call: Call }> | undefined;
  const load = () =>
    (loading ??= import('./http.ts').then(
      ({ createCall, createHttpClient }) => {
        const http = createHttpClient(options);
        return { http, call: createCall(http) };
      },
      (error: unknown) => {
        // The chunk failed to load (offline, or a deploy replaced it): let the next call retry.
        loading = undefined;
        throw error;
      },
    ));
  const call: Call = async (endpoint, input, signal) => (await load()).call(endpoint, input, signal);
  return { call, connection: async () => (await load()).http };
}
