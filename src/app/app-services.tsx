import type { QueryClient } from '@tanstack/react-query';
import type { AxiosAdapter, AxiosInstance } from 'axios';
import { createContext, useContext, type ReactNode } from 'react';
import { assign, createActor, fromCallback, fromPromise, type Subscription } from 'xstate';
import { errorCodes } from '../../contract/errors.contract.ts';
import {
  authMachine,
  PERSIST_RESTORE_TIMEOUT_MS,
  toStoredSession,
  type AuthActorRef,
} from '../machines/auth.machine.ts';
import type { Notify } from '../machines/notify.ts';
import { showNotice } from './notifier.tsx';
import { sessionMachine, type SessionActorRef } from '../machines/session.machine.ts';
import type { ActiveThemeActorRef } from '../machines/themes/active-theme.machine.ts';
import { provideActiveTheme } from './wiring/themes.wiring.ts';
import {
  requestRefresh,
  tokenRefreshMachine,
  type TokenRefreshActorRef,
} from '../machines/token-refresh.machine.ts';
import type { AppError } from '../lib/app-error.ts';
import { AUTH_STORAGE_KEY, createAuthStorage } from '../services/auth-storage.ts';
import { fetchUserStatus, login, loginTwoFactor, logout, refreshTokens } from '../services/auth.service.ts';
import { readStoredLanguage } from '../i18n/languages.ts';
import { createConnection } from '../services/connection.ts';
import type { Call } from '../services/http.ts';
import { createLazyQueryClient, type LazyQueryClient } from '../services/lazy-query-client.ts';
import { clearSessionMarker, readSessionMarker } from '../services/session-cookie.ts';

export interface AppServices {
  /** The query cache, made (and TanStack Query loaded) on first use. */
  queryClient: LazyQueryClient;
  /** The axios instance, created (and axios loaded) on the first call. */
  connection: () => Promise<AxiosInstance>;
  /** Calls a contract endpoint through `http`. */
  call: Call;
  /** Shows a toast (the one notifier every machine's `notify` action goes to). */
  notify: Notify;
  session: SessionActorRef;
  auth: AuthActorRef;
  tokenRefresh: TokenRefreshActorRef;
  /** The themes the page colours come from (src/machines/themes/active-theme.machine.ts). */
  theme: ActiveThemeActorRef;
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
  const show = options.notify ?? showNotice;
  // A call refused for want of two-step sign-in leads to Settings -> Security, which explains it
  // (the auth machine's twoFactorSetup state); a toast per refused call would only repeat it.
  const notify: Notify = (notice) => {
    if (notice.key !== errorCodes.twoFactorSetupRequired) show(notice);
  };
  const doc = options.document ?? document;
  const queryClient = createLazyQueryClient(options.queryClient);
  const storageArea = options.storage ?? window.localStorage;
  const authStorage = createAuthStorage(storageArea, { timeoutMs: PERSIST_RESTORE_TIMEOUT_MS });

  // The closures below read `auth` and `tokenRefresh`, which exist before any request is made.
  const { call, connection } = createConnection({
    getAccessToken: () => auth.getSnapshot().context.access,
    refreshAccessToken: () => requestRefresh(tokenRefresh),
    onTwoFactorSetupRequired: () => auth.send({ type: 'auth.twoFactorSetupRequired' }),
    ...(options.httpAdapter ? { adapter: options.httpAdapter } : {}),
  });

  const session = createActor(
    sessionMachine.provide({
      actions: { readMarker: assign({ marker: () => readSessionMarker(doc) }) },
    }),
  );

  const theme = createActor(provideActiveTheme({ call, notify, queryClient }));

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
            return refreshTokens(call, { refresh }, signal);
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
        // Reads both; whether they make a sign-in is the machine's rule (auth-rules.ts).
        restoreSession: fromPromise(async () => ({
          stored: await authStorage.restore(),
          marker: readSessionMarker(doc),
        })),
        // The interface language goes along: the account's security e-mails are written in it.
        login: fromPromise(({ input, signal }) =>
          login(call, { ...input, language: readStoredLanguage() }, signal),
        ),
        loginTwoFactor: fromPromise(({ input, signal }) => loginTwoFactor(call, input, signal)),
        logout: fromPromise(({ input, signal }) => logout(call, input, signal)),
        fetchUserStatus: fromPromise(({ signal }) => fetchUserStatus(call, signal)),
        // The browser tells the other tabs of a change to local storage; the machine decides.
        watchOtherTabs: fromCallback(({ sendBack }) => {
          const onStorage = (event: StorageEvent) => {
            if (event.storageArea !== storageArea) return;
            if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
            sendBack({ type: 'auth.storedSessionChanged', stored: authStorage.read() });
          };
          window.addEventListener('storage', onStorage);
          return () => window.removeEventListener('storage', onStorage);
        }),
      },
      actions: {
        persistSession: ({ context }) => {
          const stored = toStoredSession(context);
          if (stored) authStorage.save(stored);
        },
        clearPersistedState: () => authStorage.clearAll(),
        forgetStoredSession: () => authStorage.forget(),
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
      queryClient.current()?.clear();
    }
  });

  session.start();
  theme.start();
  tokenRefresh.start();
  auth.start();

  return {
    queryClient,
    connection,
    call,
    notify,
    session,
    auth,
    tokenRefresh,
    theme,
    dispose() {
      subscription.unsubscribe();
      auth.stop();
      tokenRefresh.stop();
      theme.stop();
      session.stop();
      queryClient.current()?.clear();
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
