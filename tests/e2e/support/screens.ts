import { paths } from '../../../src/app/paths.ts';

/** An id no row has: detail screens then show their "not found" state, which is a screen too. */
export const someId = '00000000-0000-4000-8000-000000000001';
const { auth, dashboard, payment } = paths;

/** Every screen a signed-out visitor can open. */
export const publicScreens = [
  auth.login,
  auth.forgetPassword,
  auth.resetPassword,
  paths.landing,
  payment.success,
  payment.failed,
  paths.redirect307,
  paths.forbidden,
  '/no-such-page',
];

/** Every dashboard screen, as the administrator (who sees every one) opens it. */
export const dashboardScreens = [
  dashboard.home,
  dashboard.themes,
  dashboard.send.user,
  dashboard.send.list,
  dashboard.send.group,
  dashboard.send.excel,
  dashboard.recipients,
  dashboard.recipientList(someId),
  dashboard.groups,
  dashboard.group(someId),
  dashboard.users,
  dashboard.usersAmount,
  dashboard.userStatement(someId),
  dashboard.logs.email,
  dashboard.logs.emailEntry(someId),
  dashboard.logs.suppressions,
  dashboard.services.templates,
  dashboard.services.creditAlert,
  dashboard.mailbox,
  dashboard.contact,
  dashboard.financial.statement,
  dashboard.financial.recharge,
  dashboard.financial.orders,
  dashboard.financial.packages,
  dashboard.financial.invoice(someId),
  dashboard.settings.profile,
  dashboard.settings.security,
  dashboard.settings.senders,
  dashboard.settings.userSenders(someId),
  dashboard.settings.developer.keys,
  dashboard.settings.developer.webhooks,
  dashboard.settings.developer.reference,
];
