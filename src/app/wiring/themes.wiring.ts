import { fromPromise } from 'xstate';
import type { Theme } from '../../../contract/theme.contract.ts';
import type { Notify } from '../../machines/notify.ts';
import { activeThemeMachine } from '../../machines/themes/active-theme.machine.ts';
import type { Call } from '../../services/http.ts';
import type { LazyQueryClient } from '../../services/lazy-query-client.ts';
import { listThemes, themesQueryKey } from '../../services/theme.service.ts';

export interface ThemesDeps {
  call: Call;
  notify: Notify;
  /** Loaded on first use: TanStack Query stays out of the login page's code. */
  queryClient: LazyQueryClient;
}

/** Every reader of the theme list goes through the cache, so concurrent reads make one request. */
export const fetchThemes = async ({ call, queryClient }: ThemesDeps): Promise<Theme[]> =>
  (await queryClient.load()).fetchQuery({
    queryKey: themesQueryKey,
    queryFn: ({ signal }) => listThemes(call, signal),
  });

/** The app-level actor the page colours are selected from. */
export function provideActiveTheme(deps: ThemesDeps) {
  return activeThemeMachine.provide({ actors: { loadThemes: fromPromise(() => fetchThemes(deps)) } });
}
