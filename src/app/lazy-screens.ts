import { lazyScreen as lazy } from './lazy-screen.ts';

/**
 * Every screen is its own chunk, loaded when its route is first opened (spec §2). The layouts'
 * <Suspense> boundaries show the full-screen spinner meanwhile; a chunk that cannot be fetched
 * shows a notice with a retry in the screen's place (./lazy-screen.ts).
 */
export const AuthLayout = lazy(() => import('../screens/auth/auth-layout.tsx'));
export const LoginScreen = lazy(() => import('../screens/auth/login-screen.tsx'));
export const ForgetPasswordScreen = lazy(() => import('../screens/auth/forget-password-screen.tsx'));
export const ResetPasswordScreen = lazy(() => import('../screens/auth/reset-password-screen.tsx'));
export const DashboardLayout = lazy(() => import('../screens/dashboard/dashboard-layout.tsx'));
export const HomeScreen = lazy(() => import('../screens/home/home-screen.tsx'));
export const ThemesScreen = lazy(() => import('../screens/themes/themes-screen.tsx'));
export const TemplatesScreen = lazy(() => import('../screens/templates/templates-screen.tsx'));
export const MailboxScreen = lazy(() => import('../screens/mailbox/mailbox-screen.tsx'));
export const UsersScreen = lazy(() => import('../screens/users/users-screen.tsx'));
export const BalanceLogScreen = lazy(() => import('../screens/users/balance-log-screen.tsx'));
export const StatementScreen = lazy(() => import('../screens/users/statement-screen.tsx'));
export const UserStatementScreen = lazy(() => import('../screens/users/user-statement-screen.tsx'));
export const ContactInboxScreen = lazy(() => import('../screens/contact-inbox/contact-inbox-screen.tsx'));
export const SendScreen = lazy(() => import('../screens/send/send-screen.tsx'));
export const LandingScreen = lazy(() => import('../screens/public/landing-screen.tsx'));
export const PaymentResultScreen = lazy(() => import('../screens/payment/payment-result-screen.tsx'));
export const RechargeScreen = lazy(() => import('../screens/financial/recharge-screen.tsx'));
export const OrdersScreen = lazy(() => import('../screens/financial/orders-screen.tsx'));
export const PackagesScreen = lazy(() => import('../screens/financial/packages-screen.tsx'));
export const CreditAlertScreen = lazy(() => import('../screens/financial/credit-alert-screen.tsx'));
export const InvoiceScreen = lazy(() => import('../screens/financial/invoice-screen.tsx'));

// The error pages stay in the main bundle: the route error element needs them even when loading
// a screen's chunk is what failed (offline, or a deploy replaced the chunks).
export { ForbiddenScreen, NotFoundScreen, RedirectScreen } from '../screens/errors/error-pages.tsx';
export const RecipientListsScreen = lazy(() => import('../screens/recipients/recipient-lists-screen.tsx'));
export const RecipientListScreen = lazy(() => import('../screens/recipients/recipient-list-screen.tsx'));
export const GroupsScreen = lazy(() => import('../screens/recipients/groups-screen.tsx'));
export const GroupScreen = lazy(() => import('../screens/recipients/group-screen.tsx'));
export const SendersScreen = lazy(() => import('../screens/senders/senders-screen.tsx'));
export const ProfileScreen = lazy(() => import('../screens/profile/profile-screen.tsx'));
export const SecurityScreen = lazy(() => import('../screens/security/security-screen.tsx'));
export const EmailLogScreen = lazy(() => import('../screens/logs/email-log-screen.tsx'));
export const EmailLogEntryScreen = lazy(() => import('../screens/logs/email-log-entry-screen.tsx'));
export const SuppressionsScreen = lazy(() => import('../screens/suppressions/suppressions-screen.tsx'));
export const ApiKeysScreen = lazy(() => import('../screens/developer/api-keys-screen.tsx'));
export const WebhooksScreen = lazy(() => import('../screens/developer/webhooks-screen.tsx'));
export const WebhookDeliveriesScreen = lazy(
  () => import('../screens/developer/webhook-deliveries-screen.tsx'),
);
export const ApiReferenceScreen = lazy(() => import('../screens/developer/api-reference-screen.tsx'));
