import { useSelector } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { useTexts, useTextsLoaded, type TextsPart } from '../i18n/common-texts.ts';
import { selectIsRestoring } from '../machines/auth.machine.ts';
import { useAppServices } from './app-services.tsx';
import {
  useDocumentTitle,
  useFocusHeadingOnPageChange,
  useRouteTextsPart,
  useRouteTitleKey,
} from './page-title-and-focus.ts';

export type { RouteHandle } from './page-title-and-focus.ts';

/** Suspends until the route's part of the `common` texts is loaded. */
function RouteTexts({ part, children }: { part: TextsPart; children: ReactNode }) {
  useTexts(part);
  return children;
}

/**
 * Holds every route until the stored sign-in state is restored, so guards never decide on a
 * half-restored session, and catches screens that are still loading their code or texts. Names
 * the document after the route and moves focus to each new page's heading.
 */
export function RootLayout() {
  const { auth } = useAppServices();
  const restoring = useSelector(auth, selectIsRestoring);
  const titleKey = useRouteTitleKey();
  const textsPart = useRouteTextsPart();
  // The page's name is in the texts it waits for: until they are there, the app's name alone.
  useDocumentTitle(useTextsLoaded(textsPart) ? titleKey : undefined);
  useFocusHeadingOnPageChange(titleKey);
  if (restoring) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <RouteTexts part={textsPart}>
        <Outlet />
      </RouteTexts>
    </Suspense>
  );
}
