import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../screens/errors/route-error-screen.tsx';
import {
  AuthLayout,
  ComingSoonScreen,
  DashboardLayout,
  ForbiddenScreen,
  HomeScreen,
  LoginScreen,
  NotFoundScreen,
  PaymentResultScreen,
  PlaceholderScreen,
  RedirectScreen,
  ThemesScreen,
} from './lazy-screens.ts';
import { paths } from './paths.ts';
import { RootLayout } from './root-layout.tsx';
import { AdminOnly, SignedInOnly, SignedOutOnly } from './route-guards.tsx';

const { auth, dashboard, payment } = paths;
const errorElement = <RouteErrorScreen />;
const redirectTo = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });
/** The paths table builds concrete links; a route pattern needs the `:id` segment itself. */
const withId = (base: string) => `${base}/:id`;
const placeholder = (path: string, titleKey: string): RouteObject => ({
  path,
  element: <PlaceholderScreen titleKey={titleKey} />,
});

// Children use absolute paths from the paths table; react-router accepts them under a parent
// whose path they start with, so no URL is written twice.
const authRoutes: RouteObject = {
  path: auth.root,
  element: <SignedOutOnly />,
  errorElement,
  children: [
    {
      element: <AuthLayout />,
      children: [
        redirectTo(auth.login),
        { path: auth.login, element: <LoginScreen /> },
        { path: auth.forgetPassword, element: <ComingSoonScreen titleKey="auth.forgetPassword.title" /> },
        { path: auth.resetPassword, element: <ComingSoonScreen titleKey="auth.resetPassword.title" /> },
      ],
    },
  ],
};

const adminRoutes: RouteObject = {
  element: <AdminOnly />,
  children: [
    { path: dashboard.themes, element: <ThemesScreen /> },
    placeholder(dashboard.users, 'pages.users'),
    placeholder(dashboard.usersAmount, 'pages.usersAmount'),
  ],
};

const dashboardRoutes: RouteObject = {
  path: dashboard.root,
  element: <SignedInOnly />,
  errorElement,
  children: [
    {
      element: <DashboardLayout />,
      errorElement,
      children: [
        redirectTo(dashboard.home),
        { path: dashboard.home, element: <HomeScreen /> },
        adminRoutes,
        {
          path: dashboard.send.root,
          children: [
            redirectTo(dashboard.send.user),
            placeholder(dashboard.send.user, 'pages.sendUser'),
            placeholder(dashboard.send.list, 'pages.sendList'),
            placeholder(dashboard.send.group, 'pages.sendGroup'),
          ],
        },
        placeholder(dashboard.recipients, 'pages.recipients'),
        placeholder(withId(dashboard.recipients), 'pages.recipientList'),
        placeholder(dashboard.groups, 'pages.groups'),
        placeholder(withId(dashboard.groups), 'pages.group'),
        {
          path: dashboard.logs.root,
          children: [
            redirectTo(dashboard.logs.email),
            placeholder(dashboard.logs.email, 'pages.emailLog'),
            placeholder(withId(dashboard.logs.email), 'pages.emailLogEntry'),
          ],
        },
        {
          path: dashboard.services.root,
          children: [
            redirectTo(dashboard.services.templates),
            placeholder(dashboard.services.templates, 'pages.templates'),
          ],
        },
      ],
    },
  ],
};

/** Every route of spec §2. Exported so tests can mount it in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement,
    children: [
      redirectTo(auth.login),
      authRoutes,
      dashboardRoutes,
      {
        errorElement,
        children: [
          { path: payment.success, element: <PaymentResultScreen outcome="success" /> },
          { path: payment.failed, element: <PaymentResultScreen outcome="failed" /> },
          { path: paths.redirect307, element: <RedirectScreen /> },
          { path: paths.forbidden, element: <ForbiddenScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
