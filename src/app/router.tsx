import { createHashRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../screens/errors/route-error-screen.tsx';
import type { RouteHandle } from './root-layout.tsx';
import { RedirectTo } from './route-guards.tsx';
import { routeTable, type RouteEntry } from './route-table.ts';

const errorElement = <RouteErrorScreen />;

/**
 * One entry of ./route-table.ts as react-router's route: the one place where route elements and
 * error elements are built.
 */
function toRoute(entry: RouteEntry): RouteObject {
  switch (entry.kind) {
    case 'page': {
      const { screen: Screen, props, key, path, title, texts } = entry;
      const handle: RouteHandle = { titleKey: title, ...(texts ? { texts } : {}) };
      return { path, element: <Screen key={key} {...props} />, handle };
    }
    case 'redirect':
      // A redirect shows no text, so it waits for none (RouteHandle.texts).
      return {
        index: true,
        element: <RedirectTo to={entry.to} />,
        handle: { texts: 'signedOut' } satisfies RouteHandle,
      };
    case 'group': {
      const { path, frame: Frame, catchErrors, children } = entry;
      return {
        ...(path ? { path } : {}),
        ...(Frame ? { element: <Frame /> } : {}),
        ...(catchErrors ? { errorElement } : {}),
        children: children.map(toRoute),
      };
    }
  }
}

/** Every route of spec §2. Exported so tests can mount it in a memory router. */
export const appRoutes: RouteObject[] = [toRoute(routeTable)];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
