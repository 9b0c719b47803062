import { QueryClient } from '@tanstack/react-query';
import { toAppError } from '../lib/app-error.ts';

/**
 * One retry for a query that failed on the way (network, 5xx). A 4xx answer is final: asking
 * again cannot change it, and a repeated 401 would only start another token refresh.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const { status } = toAppError(error);
  return failureCount < 1 && (status === null || status >= 500);
}

/** Spec §7/§9: unused data kept 60 s; no refetch on window focus or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: shouldRetryQuery,
      },
    },
  });
}
