import { useSelector } from '@xstate/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppServices } from './app-services.tsx';
import { loadToasts, toastsAsked } from './notifier.tsx';

const NotificationsContainer = lazy(loadToasts);

/**
 * The toast container, mounted (and its code loaded) on the first toast or at sign-in, where
 * toasts come often: the login page's first load never carries it. A toast asked for before it
 * has loaded waits in @mantine/notifications' store and appears once it has.
 */
export function LazyNotifications() {
  const { auth } = useAppServices();
  const signedIn = useSelector(auth, (snapshot) => snapshot.matches('signedIn'));
  const asked = useSyncExternalStore(toastsAsked.subscribe, toastsAsked.current);
  if (!signedIn && !asked) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
