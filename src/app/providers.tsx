import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LanguageDirectionProvider } from '../i18n/language-direction-provider.tsx';
import { AppServicesProvider, type AppServices } from './app-services.tsx';
import { LazyNotifications } from './lazy-notifications.tsx';
import { QueryClientBoundary } from './query-client-boundary.tsx';
import { ThemedMantineProvider } from './themed-mantine-provider.tsx';

interface AppProvidersProps {
  services: AppServices;
  i18n: i18n;
  children: ReactNode;
  mantineEnv?: 'default' | 'test';
}

/** Everything a screen relies on, in one tree shared by the app and the screen tests. */
export function AppProviders({ services, i18n, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <AppServicesProvider services={services}>
      <QueryClientBoundary client={services.queryClient}>
        <I18nextProvider i18n={i18n}>
          <LanguageDirectionProvider>
            <ThemedMantineProvider env={mantineEnv}>
              <LazyNotifications />
              {children}
            </ThemedMantineProvider>
          </LanguageDirectionProvider>
        </I18nextProvider>
      </QueryClientBoundary>
    </AppServicesProvider>
  );
}
