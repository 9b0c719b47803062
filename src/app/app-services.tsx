import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { AxiosAdapter, AxiosInstance } from 'axios';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assign, createActor, fromPromise, type Subscription } from 'xstate';
import { errorCodes } from '../../contract/errors.contract.ts';
import { authMachine, toStoredSession, type AuthActorRef } from '../machines/auth.machine.ts';
import type { Notice, Notify } from '../machines/notify.ts';
import { canEnterDashboard, sessionMachine, type SessionActorRef } from '../machines/session.machine.ts';
import { themeMachine, type ThemeActorRef } from '../machines/theme.machine.ts';
import {
  requestRefresh,
  tokenRefreshMachine,
  type TokenRefreshActorRef,
} from '../machines/token-refresh.machine.ts';
import type { AppError } from '../services/api-error.ts';
import { AUTH_STORAGE_KEY, createAuthStorage } from '../services/auth-storage.ts';
import { fetchUserStatus, login, logout, refreshTokens } from '../services/auth.service.ts';
import { createHttpClient } from '../services/http.ts';
import { createQueryClient } from '../services/query-client.ts';
import { clearSessionMarker, readSessionMarker } from '../services/session-cookie.ts';
import {
  activateTheme,
  createTheme,
  listThemes,
  removeTheme,
  themesQueryKey,
} from '../services/theme.service.ts';

export interface AppServices {
  queryClient: QueryClient;
  http: AxiosInstance;
  session: SessionActorRef;
  auth: AuthActorRef;
  tokenRefresh: TokenRefreshActorRef;
  theme: ThemeActorRef;
  /** Stops every actor and empties the cache. */
  dispose(): void;
}

export interface AppServicesOptions {
  /** Shows a toast; defaults to Mantine notifications at top-center for 5000 ms. */
  notify?: Notify;
  /** Where the sign-in state is persisted; defaults to window.localStorage. */
  storage?: Storage;
  /** Whose cookie holds the session marker; defaults to the page's document. */
  document?: Document;
  /** Replaces the network (tests). */
  httpAdapter?: AxiosAdapter;
  queryClient?: QueryClient;
}

/**
 * The toast text is translated where it renders, inside the app's I18nextProvider, so it
 * follows the language the user chose (the app's i18n instance is not i18next's default one).
 */
function NoticeText({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation();
  return <>{t(i18nKey)}</>;
}

export const showNotice: Notify = ({ kind, key }: Notice) => {
  notifications.show({
    message: <NoticeText i18nKey={key} />,
    color: kind === 'error' ? 'red' : 'green',
    position: 'top-center',
    autoClose: 5000,
  });
};

/** Runs `work` while holding a lock shared by every tab of this origin, where the browser has them. */
function withBrowserLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, work) : work();
}

const noRefreshToken: AppError = { code: errorCodes.sessionExpired, status: null };

/**
 * The composition root: builds the cache, the http client and the four actors with their real
 * implementations, wires them together and starts them. Tests build their own.
 */
export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const notify = options.notify ?? showNotice;
  const doc = options.document ?? document;
  const queryClient = options.queryClient ?? createQueryClient();
  const storageArea = options.storage ?? window.localStorage;
  const authStorage = createAuthStorage(storageArea);

  // The closures below read `auth` and `tokenRefresh`, which exist before any request is made.
  const http = createHttpClient({
    getAccessToken: () => auth.getSnapshot().context.access,
    refreshAccessToken: () => requestRefresh(tokenRefresh),
    ...(options.httpAdapter ? { adapter: options.httpAdapter } : {}),
  });

  const session = createActor(
    sessionMachine.provide({
      actions: { readMarker: assign({ marker: () => readSessionMarker(doc) }) },
    }),
  );

  const theme = createActor(
    themeMachine.provide({
      actors: {
        loadThemes: fromPromise(() =>
          queryClient.fetchQuery({
            queryKey: themesQueryKey,
            queryFn: ({ signal }) => listThemes(http, signal),
          }),
        ),
        createTheme: fromPromise(({ input, signal }) => createTheme(http, input, signal)),
        activateTheme: fromPromise(({ input, signal }) => activateTheme(http, input, signal)),
        deleteTheme: fromPromise(({ input, signal }) => removeTheme(http, input, signal)),
      },
      actions: {
        invalidateThemes: () => void queryClient.invalidateQueries({ queryKey: themesQueryKey }),
        notify: (_, notice) => notify(notice),
      },
    }),
  );

  const tokenRefresh = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refreshAccessToken: fromPromise(({ signal }) =>
          // One refresh at a time across the tabs of this browser (they share the tokens).
          withBrowserLock('el-namer:token-refresh', async () => {
            const { refresh, user } = auth.getSnapshot().context;
            if (!refresh) throw noRefreshToken;
            // Another tab may have rotated the tokens already. Our refresh token is then spent,
            // and presenting it again would look like theft and end the session in every tab;
            // take the newer pair that tab stored instead.
            const stored = authStorage.read();
            if (stored && stored.refresh !== refresh && stored.user.id === user?.id) {
              return { access: stored.access, refresh: stored.refresh };
            }
            return refreshTokens(http, { refresh }, signal);
          }),
        ),
      },
      actions: {
        announceTokensRefreshed: (_, tokens) => auth.send({ type: 'auth.tokensRefreshed', ...tokens }),
        announceSessionExpired: () => auth.send({ type: 'auth.sessionExpired' }),
      },
    }),
  );

  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => {
          const stored = await authStorage.restore();
          // Stored tokens only count while the cookie still marks a session: otherwise the
          // guards would keep a signed-in user on the login screen, unable to sign in.
          if (stored && canEnterDashboard(readSessionMarker(doc))) return stored;
          if (stored) authStorage.forget();
          return null;
        }),
        login: fromPromise(({ input, signal }) => login(http, input, signal)),
        logout: fromPromise(({ input, signal }) => logout(http, input, signal)),
        fetchUserStatus: fromPromise(({ signal }) => fetchUserStatus(http, signal)),
      },
      actions: {
        persistSession: ({ context }) => {
          const stored = toStoredSession(context);
          if (stored) authStorage.save(stored);
        },
        clearPersistedState: () => authStorage.clearAll(),
        clearSessionCookie: () => clearSessionMarker(doc),
        announceSessionChanged: () => session.send({ type: 'session.changed' }),
        notify: (_, notice) => notify(notice),
      },
    }),
  );

  // Signing in loads the themes; signing out forgets them and every cached query.
  let phase: 'pending' | 'signedIn' | 'signedOut' = 'pending';
  const subscription: Subscription = auth.subscribe((snapshot) => {
    const next = snapshot.matches('signedIn')
      ? 'signedIn'
      : snapshot.matches('signedOut')
        ? 'signedOut'
        : phase;
    if (next === phase) return;
    phase = next;
    if (next === 'signedIn') {
      theme.send({ type: 'theme.load' });
    } else {
      theme.send({ type: 'theme.unload' });
      queryClient.clear();
    }
  });

  // Keep this tab in step with the others of this browser: they share the stored sign-in.
  const followOtherTabs = (event: StorageEvent) => {
    if (event.storageArea !== storageArea) return;
    if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
    const snapshot = auth.getSnapshot();
    if (!snapshot.matches('signedIn')) return;
    const stored = authStorage.read();
    if (!stored) {
      auth.send({ type: 'auth.signedOutElsewhere' });
    } else if (stored.user.id === snapshot.context.user?.id && stored.refresh !== snapshot.context.refresh) {
      auth.send({ type: 'auth.tokensRefreshed', access: stored.access, refresh: stored.refresh });
    }
  };
  window.addEventListener('storage', followOtherTabs);

  session.start();
  theme.start();
  tokenRefresh.start();
  auth.start();

  return {
    queryClient,
    http,
    session,
    auth,
    tokenRefresh,
    theme,
    dispose() {
      subscription.unsubscribe();
      window.removeEventListener('storage', followOtherTabs);
      auth.stop();
      tokenRefresh.stop();
      theme.stop();
      session.stop();
      queryClient.clear();
    },
  };
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs an <AppServicesProvider> above it');
  return services;
}
