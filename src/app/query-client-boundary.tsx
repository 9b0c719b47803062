import { QueryClientContext } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { LazyQueryClient } from '../services/lazy-query-client.ts';

/**
 * QueryClientProvider for a client made on first use. The tree keeps one shape whether or not the
 * client exists yet (no remount when it appears); the signed-in area, where queries run, waits
 * for it (DashboardLayout). Mounting the client is what QueryClientProvider itself does.
 */
export function QueryClientBoundary({ client, children }: { client: LazyQueryClient; children: ReactNode }) {
  const current = useSyncExternalStore(client.subscribe, client.current);
  useEffect(() => {
    if (!current) return;
    current.mount();
    return () => current.unmount();
  }, [current]);
  return <QueryClientContext.Provider value={current}>{children}</QueryClientContext.Provider>;
}
