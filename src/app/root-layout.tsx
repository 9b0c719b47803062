import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { selectIsRestoring } from '../machines/auth.machine.ts';
import { useAppServices } from './app-services.tsx';

/**
 * Holds every route until the stored sign-in state is restored, so guards never decide on a
 * half-restored session, and catches screens that are still loading their code.
 */
export function RootLayout() {
  const { auth } = useAppServices();
  const restoring = useSelector(auth, selectIsRestoring);
  if (restoring) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}
