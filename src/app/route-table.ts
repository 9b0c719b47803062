import type { ComponentType } from 'react';
import type { TextsPart } from '../i18n/common-texts.ts';
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
import { AdminOnly, SignedInOnly, SignedOutOnly } from './route-guards.tsx';
import { RootLayout } from './root-layout.tsx';

// Every route of spec §2 as data: which screen at which path, under which guard and layout, with
// which document title. ./router.tsx turns the table into react-router's routes, building every
// element (and error element) in one place.

/** A screen at a path. */
export interface PageEntry {
  kind: 'page';
  path: string;
  /** The document title (read by RootLayout), an i18n key of the `common` namespace. */
  title: string;
  screen: ComponentType<object>;
  props: object;
  /** A new key starts the screen afresh when the route changes between two of its pages. */
  key?: string;
  /** Only these `common` texts before it renders (RouteHandle.texts); all of them by default. */
  texts?: TextsPart;
}

/** The index route of a group: straight on to `to`. */
export interface RedirectEntry {
  kind: 'redirect';
  to: string;
}

/** Routes that share a path prefix, a guard or layout (rendering an <Outlet />), or an error boundary. */
export interface GroupEntry {
  kind: 'group';
  path?: string;
  frame?: ComponentType;
  /** A failure below shows the route error screen here, keeping what is around it. */
  catchErrors?: boolean;
  children: RouteEntry[];
}

export type RouteEntry = PageEntry | RedirectEntry | GroupEntry;

type PageOptions<P> = { key?: string; texts?: TextsPart } & (Partial<P> extends P
  ? { props?: P }
  : { props: P });

/** A page; the screen's props are checked here against the screen's own. */
export function page<P extends object>(
  path: string,
  title: string,
  screen: ComponentType<P>,
  // NoInfer: the screen alone decides P, so a literal prop (`source: 'lists'`) is checked against it.
  ...[options]: Partial<P> extends P ? [PageOptions<NoInfer<P>>?] : [PageOptions<NoInfer<P>>]
): PageEntry {
  const { props = {}, ...rest } = (options ?? {}) as { props?: object; key?: string; texts?: TextsPart };
  return { kind: 'page', path, title, screen: screen as ComponentType<object>, props, ...rest };
}

const redirect = (to: string): RedirectEntry => ({ kind: 'redirect', to });
const group = (entry: Omit<GroupEntry, 'kind'>): GroupEntry => ({ kind: 'group', ...entry });
/** The paths table builds concrete links; a route pattern needs the `:id` segment itself. */
const withId = (base: string) => `${base}/:id`;

const { auth, dashboard, payment } = paths;

// Children use absolute paths from the paths table; react-router accepts them under a parent
// whose path they start with, so no URL is written twice.
const authRoutes = group({
  path: auth.root,
  frame: SignedOutOnly,
  catchErrors: true,
  children: [
    group({
      frame: AuthLayout,
      children: [
        redirect(auth.login),
        // Only the texts the first load brings: src/i18n/signed-out-sections.ts.
        page(auth.login, 'auth.login.title', LoginScreen, { texts: 'signedOut' }),
        page(auth.forgetPassword, 'auth.forgetPassword.title', ForgetPasswordScreen),
        page(auth.resetPassword, 'auth.resetPassword.title', ResetPasswordScreen),
      ],
    }),
  ],
});

const adminRoutes = group({
  frame: AdminOnly,
  children: [
    page(dashboard.themes, 'pages.themes', ThemesScreen),
    page(dashboard.mailbox, 'pages.mailbox', MailboxScreen),
    page(dashboard.contact, 'pages.contact', ContactInboxScreen),
    page(dashboard.users, 'pages.users', UsersScreen),
    page(dashboard.usersAmount, 'pages.usersAmount', BalanceLogScreen),
    page(withId('/dashboard/users/statement'), 'pages.userStatement', UserStatementScreen),
    page(dashboard.financial.packages, 'pages.packages', PackagesScreen),
    page(dashboard.settings.senders, 'pages.senders', SendersScreen),
    page(withId(dashboard.settings.senders), 'pages.senders', SendersScreen),
  ],
});

// `key`: moving between the send routes starts a new wizard for the other source.
const sendRoutes = group({
  path: dashboard.send.root,
  children: [
    redirect(dashboard.send.user),
    page(dashboard.send.user, 'pages.sendUser', SendScreen, { key: 'single', props: { source: 'single' } }),
    page(dashboard.send.list, 'pages.sendList', SendScreen, { key: 'lists', props: { source: 'lists' } }),
    page(dashboard.send.group, 'pages.sendGroup', SendScreen, { key: 'groups', props: { source: 'groups' } }),
    page(dashboard.send.excel, 'pages.sendExcel', SendScreen, { key: 'excel', props: { source: 'excel' } }),
  ],
});

const dashboardRoutes = group({
  path: dashboard.root,
  frame: SignedInOnly,
  catchErrors: true,
  children: [
    group({
      frame: DashboardLayout,
      catchErrors: true,
      children: [
        redirect(dashboard.home),
        page(dashboard.home, 'home.title', HomeScreen),
        adminRoutes,
        sendRoutes,
        page(dashboard.recipients, 'pages.recipients', RecipientListsScreen),
        page(withId(dashboard.recipients), 'pages.recipientList', RecipientListScreen),
        page(dashboard.groups, 'pages.groups', GroupsScreen),
        page(withId(dashboard.groups), 'pages.group', GroupScreen),
        group({
          path: dashboard.logs.root,
          children: [
            redirect(dashboard.logs.email),
            page(dashboard.logs.email, 'pages.emailLog', EmailLogScreen),
            page(withId(dashboard.logs.email), 'pages.emailLogEntry', EmailLogEntryScreen),
            page(dashboard.logs.suppressions, 'pages.suppressions', SuppressionsScreen),
          ],
        }),
        page(dashboard.settings.profile, 'pages.profile', ProfileScreen),
        page(dashboard.settings.security, 'pages.security', SecurityScreen),
        page(dashboard.settings.developer.keys, 'pages.apiKeys', ApiKeysScreen),
        page(dashboard.settings.developer.webhooks, 'pages.webhooks', WebhooksScreen),
        page(
          withId(dashboard.settings.developer.webhooks),
          'pages.webhookDeliveries',
          WebhookDeliveriesScreen,
        ),
        page(dashboard.settings.developer.reference, 'pages.apiReference', ApiReferenceScreen),
        page(dashboard.financial.statement, 'pages.statement', StatementScreen),
        page(dashboard.financial.recharge, 'pages.recharge', RechargeScreen),
        page(dashboard.financial.orders, 'pages.orders', OrdersScreen),
        page(withId('/dashboard/financial/invoice'), 'pages.invoice', InvoiceScreen),
        group({
          path: dashboard.services.root,
          children: [
            redirect(dashboard.services.templates),
            page(dashboard.services.templates, 'pages.templates', TemplatesScreen),
            page(dashboard.services.creditAlert, 'pages.creditAlert', CreditAlertScreen),
          ],
        }),
      ],
    }),
  ],
});

const publicRoutes = group({
  catchErrors: true,
  children: [
    page(paths.landing, 'pages.landing', LandingScreen),
    page(`${paths.landing}/:section`, 'pages.landing', LandingScreen),
    page(payment.success, 'payment.success.title', PaymentResultScreen, { props: { outcome: 'success' } }),
    page(payment.failed, 'payment.failed.title', PaymentResultScreen, { props: { outcome: 'failed' } }),
    page(paths.redirect307, 'errorPages.redirect.title', RedirectScreen),
    page(paths.forbidden, 'errorPages.forbidden.title', ForbiddenScreen),
    page('*', 'errorPages.notFound.title', NotFoundScreen),
  ],
});

/** The whole table, from the root. */
export const routeTable: RouteEntry = group({
  path: paths.root,
  frame: RootLayout,
  catchErrors: true,
  children: [redirect(auth.login), authRoutes, dashboardRoutes, publicRoutes],
});
