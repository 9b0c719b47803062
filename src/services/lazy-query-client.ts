import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's QueryClient, made on first use: nothing is cached before sign-in, so TanStack Query
 * loads after the login page's first paint (issue 6). The signed-in area waits for `load()`.
 */
export interface LazyQueryClient {
  /** The client, created (and TanStack Query loaded) on the first call. */
  load(): Promise<QueryClient>;
  /** The client if it exists already; when it does not, nothing has been cached. */
  current(): QueryClient | undefined;
  /** Told once, when the client comes to exist (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
}

export function createLazyQueryClient(given?: QueryClient): LazyQueryClient {
  let client = given;
  let loading: Promise<QueryClient> | undefined = given ? Promise.resolve(given) : undefined;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (loading ??= import('./query-client.ts').then(
        ({ createQueryClient }) => {
          client = createQueryClient();
          for (const listener of listeners) listener();
          return client;
        },
        (error: unknown) => {
          // The chunk failed to load (offline, or a deploy replaced it): let the next use retry.
          loading = undefined;
          throw error;
        },
      )),
    current: () => client,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
