import { notifications } from '@mantine/notifications';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach } from 'vitest';
import { SESSION_COOKIE, SESSION_MARKERS, type Role, type User } from '../../contract/auth.contract.ts';
import type { Theme } from '../../contract/theme.contract.ts';
import { themeEndpoints } from '../../contract/theme.contract.ts';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { routeOf } from '../support/fake-server.ts';
import { createAppServices, type AppServices } from '../../src/app/app-services.tsx';
import { AppProviders } from '../../src/app/providers.tsx';
import { createQueryClient } from '../../src/services/query-client.ts';
import { appRoutes } from '../../src/app/router.tsx';
import { createI18n } from '../../src/i18n/i18n.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import en from '../../src/i18n/locales/en/common.json';
import type { Language } from '../../src/i18n/languages.ts';
import { AUTH_STORAGE_KEY } from '../../src/services/auth-storage.ts';
import { createFakeServer, type Handler } from '../support/fake-server.ts';
import { adminUser, senderUser } from '../support/fixtures.ts';

export { adminUser, senderUser };
export type FakeServer = ReturnType<typeof createFakeServer>;

export interface RenderOptions {
  /** 'ar' (the default language) unless told. */
  language?: Language;
  /** Start signed in with this role: its cookie marker plus a stored sign-in state to restore. */
  signedInAs?: Role;
  /** The themes GET /control/theme/ answers with (signed-in renders load them). */
  themes?: Theme[];
  /** Extra or overriding fake-server routes, "METHOD /path" -> handler. */
  routes?: Record<string, Handler>;
  /** Ready-made services; by default real ones on a fake server. */
  services?: AppServices;
  /** The location to start at. */
  route?: string;
  /** A ready-made i18n instance; by default one with all the texts of both languages. */
  i18n?: i18n;
}

export interface Rendered extends RenderResult {
  services: AppServices;
  server: FakeServer;
  i18n: i18n;
  router: ReturnType<typeof createMemoryRouter>;
  user: UserEvent;
}

/**
 * jsdom never fires `transitionend`, so an animated collapse would stay shut. The tests browse as
 * a visitor who prefers reduced motion, for whom the app animates nothing (respectReducedMotion).
 */
const matchMedia = window.matchMedia;
window.matchMedia = (query: string) => ({
  ...matchMedia(query),
  matches: query.includes('prefers-reduced-motion: reduce'),
});

const created: AppServices[] = [];
afterEach(() => {
  for (const services of created.splice(0)) services.dispose();
  // Mantine keeps toasts in a module-level store; without this they leak into the next test.
  act(() => notifications.clean());
});

const usersByRole: Record<Role, User> = { admin: adminUser, sender: senderUser };

/** What a real sign-in leaves behind: the server's cookie and the persisted auth state. */
function arrangeSignedIn(role: Role): void {
  document.cookie = `${SESSION_COOKIE}=${SESSION_MARKERS[role]}; path=/`;
  const stored = { user: usersByRole[role], access: `access-${role}`, refresh: `refresh-${role}` };
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
}

function mount(routes: RouteObject[], options: RenderOptions): Rendered {
  const { language = 'ar', signedInAs, themes = [], route = '/' } = options;
  if (signedInAs) arrangeSignedIn(signedInAs);
  const server = createFakeServer({
    [routeOf(themeEndpoints.list)]: () => ({ status: 200, data: themes }),
    ...(signedInAs
      ? { [routeOf(authEndpoints.userStatus)]: () => ({ status: 200, data: usersByRole[signedInAs] }) }
      : {}),
    ...options.routes,
  });
  const services =
    options.services ??
    createAppServices({
      httpAdapter: server.adapter,
      // Made up front, as the app has it by the time the dashboard renders (sign-in starts it).
      queryClient: createQueryClient(),
    });
  created.push(services);
  // All the texts of both languages up front, as the app has them once they are loaded.
  const i18n = options.i18n ?? createI18n(language, { ar, en });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProviders services={services} i18n={i18n} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, services, server, i18n, router, user: userEvent.setup() };
}

/** Renders one element inside every app provider, at `route` of a memory router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Rendered {
  return mount([{ path: '*', element: ui }], options);
}

/** Renders a route table of the test's own (an error boundary, a crashing screen) at `route`. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}): Rendered {
  return mount(routes, options);
}

/** Renders the whole app (every route, guard and layout) at `route`. */
export function renderApp(options: RenderOptions = {}): Rendered {
  return mount(appRoutes, options);
}
