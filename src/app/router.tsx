import { createHashRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../screens/errors/route-error-screen.tsx';
import {
  AuthLayout,
  DashboardLayout,
  ForbiddenScreen,
  ForgetPasswordScreen,
  GroupScreen,
  GroupsScreen,
  HomeScreen,
  LandingScreen,
  LoginScreen,
  MailboxScreen,
  ContactInboxScreen,
  NotFoundScreen,
  PaymentResultScreen,
  RechargeScreen,
  OrdersScreen,
  PackagesScreen,
  CreditAlertScreen,
  InvoiceScreen,
  TemplatesScreen,
  RecipientListScreen,
  RecipientListsScreen,
  RedirectScreen,
  ResetPasswordScreen,
  SendScreen,
  StatementScreen,
  UserStatementScreen,
  ThemesScreen,
  UsersScreen,
  BalanceLogScreen,
  SendersScreen,
  ProfileScreen,
  SecurityScreen,
  EmailLogScreen,
  EmailLogEntryScreen,
  SuppressionsScreen,
  ApiKeysScreen,
  WebhooksScreen,
  WebhookDeliveriesScreen,
  ApiReferenceScreen,
} from './lazy-screens.ts';
import { paths } from './paths.ts';
import { RootLayout, type RouteHandle } from './root-layout.tsx';
import { AdminOnly, RedirectTo, SignedInOnly, SignedOutOnly } from './route-guards.tsx';

const { auth, dashboard, payment } = paths;
const errorElement = <RouteErrorScreen />;
/** A redirect shows no text, so it waits for none (RouteHandle.texts). */
const redirectTo = (to: string): RouteObject => ({
  index: true,
  element: <RedirectTo to={to} />,
  handle: { texts: 'signedOut' } satisfies RouteHandle,
});
/** The paths table builds concrete links; a route pattern needs the `:id` segment itself. */
const withId = (base: string) => `${base}/:id`;
/** The document title of a route (read by RootLayout), an i18n key of the `common` namespace. */
const titled = (titleKey: string): RouteHandle => ({ titleKey });

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
        {
          path: auth.login,
          element: <LoginScreen />,
          // Only the texts the first load brings: src/i18n/signed-out-sections.ts.
          handle: { ...titled('auth.login.title'), texts: 'signedOut' } satisfies RouteHandle,
        },
        {
          path: auth.forgetPassword,
          element: <ForgetPasswordScreen />,
          handle: titled('auth.forgetPassword.title'),
        },
        {
          path: auth.resetPassword,
          element: <ResetPasswordScreen />,
          handle: titled('auth.resetPassword.title'),
        },
      ],
    },
  ],
};

const adminRoutes: RouteObject = {
  element: <AdminOnly />,
  children: [
    { path: dashboard.themes, element: <ThemesScreen />, handle: titled('pages.themes') },
    { path: dashboard.mailbox, element: <MailboxScreen />, handle: titled('pages.mailbox') },
    { path: dashboard.contact, element: <ContactInboxScreen />, handle: titled('pages.contact') },
    { path: dashboard.users, element: <UsersScreen />, handle: titled('pages.users') },
    { path: dashboard.usersAmount, element: <BalanceLogScreen />, handle: titled('pages.usersAmount') },
    {
      path: withId('/dashboard/users/statement'),
      element: <UserStatementScreen />,
      handle: titled('pages.userStatement'),
    },
    { path: dashboard.financial.packages, element: <PackagesScreen />, handle: titled('pages.packages') },
    { path: dashboard.settings.senders, element: <SendersScreen />, handle: titled('pages.senders') },
    {
      path: withId(dashboard.settings.senders),
      element: <SendersScreen />,
      handle: titled('pages.senders'),
    },
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
        { path: dashboard.home, element: <HomeScreen />, handle: titled('home.title') },
        adminRoutes,
        {
          path: dashboard.send.root,
          children: [
            redirectTo(dashboard.send.user),
            // `key`: moving between the send routes starts a new wizard for the other source.
            {
              path: dashboard.send.user,
              element: <SendScreen key="single" source="single" />,
              handle: titled('pages.sendUser'),
            },
            {
              path: dashboard.send.list,
              element: <SendScreen key="lists" source="lists" />,
              handle: titled('pages.sendList'),
            },
            {
              path: dashboard.send.group,
              element: <SendScreen key="groups" source="groups" />,
              handle: titled('pages.sendGroup'),
            },
            {
              path: dashboard.send.excel,
              element: <SendScreen key="excel" source="excel" />,
              handle: titled('pages.sendExcel'),
            },
          ],
        },
        { path: dashboard.recipients, element: <RecipientListsScreen />, handle: titled('pages.recipients') },
        {
          path: withId(dashboard.recipients),
          element: <RecipientListScreen />,
          handle: titled('pages.recipientList'),
        },
        { path: dashboard.groups, element: <GroupsScreen />, handle: titled('pages.groups') },
        { path: withId(dashboard.groups), element: <GroupScreen />, handle: titled('pages.group') },
        {
          path: dashboard.logs.root,
          children: [
            redirectTo(dashboard.logs.email),
            { path: dashboard.logs.email, element: <EmailLogScreen />, handle: titled('pages.emailLog') },
            {
              path: withId(dashboard.logs.email),
              element: <EmailLogEntryScreen />,
              handle: titled('pages.emailLogEntry'),
            },
            {
              path: dashboard.logs.suppressions,
              element: <SuppressionsScreen />,
              handle: titled('pages.suppressions'),
            },
          ],
        },
        { path: dashboard.settings.profile, element: <ProfileScreen />, handle: titled('pages.profile') },
        { path: dashboard.settings.security, element: <SecurityScreen />, handle: titled('pages.security') },
        {
          path: dashboard.settings.developer.keys,
          element: <ApiKeysScreen />,
          handle: titled('pages.apiKeys'),
        },
        {
          path: dashboard.settings.developer.webhooks,
          element: <WebhooksScreen />,
          handle: titled('pages.webhooks'),
        },
        {
          path: withId(dashboard.settings.developer.webhooks),
          element: <WebhookDeliveriesScreen />,
          handle: titled('pages.webhookDeliveries'),
        },
        {
          path: dashboard.settings.developer.reference,
          element: <ApiReferenceScreen />,
          handle: titled('pages.apiReference'),
        },
        {
          path: dashboard.financial.statement,
          element: <StatementScreen />,
          handle: titled('pages.statement'),
        },
        { path: dashboard.financial.recharge, element: <RechargeScreen />, handle: titled('pages.recharge') },
        { path: dashboard.financial.orders, element: <OrdersScreen />, handle: titled('pages.orders') },
        {
          path: withId('/dashboard/financial/invoice'),
          element: <InvoiceScreen />,
          handle: titled('pages.invoice'),
        },
        {
          path: dashboard.services.root,
          children: [
            redirectTo(dashboard.services.templates),
            {
              path: dashboard.services.templates,
              element: <TemplatesScreen />,
              handle: titled('pages.templates'),
            },
            {
              path: dashboard.services.creditAlert,
              element: <CreditAlertScreen />,
              handle: titled('pages.creditAlert'),
            },
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
          { path: paths.landing, element: <LandingScreen />, handle: titled('pages.landing') },
          { path: `${paths.landing}/:section`, element: <LandingScreen />, handle: titled('pages.landing') },
          {
            path: payment.success,
            element: <PaymentResultScreen outcome="success" />,
            handle: titled('payment.success.title'),
          },
          {
            path: payment.failed,
            element: <PaymentResultScreen outcome="failed" />,
            handle: titled('payment.failed.title'),
          },
          {
            path: paths.redirect307,
            element: <RedirectScreen />,
            handle: titled('errorPages.redirect.title'),
          },
          {
            path: paths.forbidden,
            element: <ForbiddenScreen />,
            handle: titled('errorPages.forbidden.title'),
          },
          { path: '*', element: <NotFoundScreen />, handle: titled('errorPages.notFound.title') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
