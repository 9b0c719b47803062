import { lazy } from 'react';

/**
 * Every screen is its own chunk, loaded when its route is first opened (spec §2). The layouts'
 * <Suspense> boundaries show the full-screen spinner meanwhile.
 */
export const AuthLayout = lazy(() => import('../screens/auth/auth-layout.tsx'));
export const LoginScreen = lazy(() => import('../screens/auth/login-screen.tsx'));
export const ComingSoonScreen = lazy(() => import('../screens/auth/coming-soon-screen.tsx'));
export const DashboardLayout = lazy(() => import('../screens/dashboard/dashboard-layout.tsx'));
export const HomeScreen = lazy(() => import('../screens/home/home-screen.tsx'));
export const ThemesScreen = lazy(() => import('../screens/themes/themes-screen.tsx'));
export const PlaceholderScreen = lazy(() => import('../screens/placeholder/placeholder-screen.tsx'));
export const PaymentResultScreen = lazy(() => import('../screens/payment/payment-result-screen.tsx'));

// The error pages stay in the main bundle: the route error element needs them even when loading
// a screen's chunk is what failed (offline, or a deploy replaced the chunks).
export { ForbiddenScreen, NotFoundScreen, RedirectScreen } from '../screens/errors/error-pages.tsx';
