import { fromPromise } from 'xstate';
import type { Theme } from '../../../contract/theme.contract.ts';
import { provideList } from '../../machines/list.machine.ts';
import type { ActiveThemeActorRef } from '../../machines/themes/active-theme.machine.ts';
import { themeActivationMachine } from '../../machines/themes/theme-activation.machine.ts';
import { themeFormMachine } from '../../machines/themes/theme-form.machine.ts';
import { activateTheme, createTheme, removeTheme, themesQueryKey } from '../../services/theme.service.ts';
import { fetchThemes, type ThemesDeps } from './themes.wiring.ts';

// Apart from themes.wiring.ts (the app-level active theme): only the themes screen's lazy chunk
// loads these machines, so they stay out of the login page's code.
/**
 * The themes screen's three machines with their real calls. Any change marks the cached list
 * stale and tells the app-level actor to read it again (the page recolours); `refreshList` makes
 * the screen's list follow (the list machine refreshes itself after its own deletes).
 */
export function provideThemesScreen(deps: ThemesDeps & { activeTheme: ActiveThemeActorRef }) {
  const { call, notify, queryClient, activeTheme } = deps;
  const themesChanged = () => {
    void queryClient.current()?.invalidateQueries({ queryKey: themesQueryKey });
    activeTheme.send({ type: 'theme.changed' });
  };
  return {
    // GET /control/theme/ is not paged: the whole array is the one page.
    list: provideList<Theme>({
      fetchPage: async () => {
        const results = await fetchThemes(deps);
        return { count: results.length, results };
      },
      deleteItem: (input, signal) => removeTheme(call, input, signal),
      notify,
      invalidate: themesChanged,
    }),
    form: (refreshList: () => void) =>
      themeFormMachine.provide({
        actors: { createTheme: fromPromise(({ input, signal }) => createTheme(call, input, signal)) },
        actions: {
          notify: (_, notice) => notify(notice),
          themesChanged: () => (themesChanged(), refreshList()),
        },
      }),
    activation: (refreshList: () => void) =>
      themeActivationMachine.provide({
        actors: { activateTheme: fromPromise(({ input, signal }) => activateTheme(call, input, signal)) },
        actions: {
          notify: (_, notice) => notify(notice),
          themesChanged: () => (themesChanged(), refreshList()),
        },
      }),
  };
}
