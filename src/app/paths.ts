/**
 * Every route of the app (spec §2), written once. Screens and guards build links from this
 * table instead of writing URL strings by hand. The app uses a hash router, so these are
 * the paths after `#`.
 */
export const paths = {
  root: '/',
  auth: {
    root: '/auth',
    login: '/auth/login',
    forgetPassword: '/auth/forget-password',
    resetPassword: '/auth/reset-password',
  },
  dashboard: {
    root: '/dashboard',
    home: '/dashboard/home',
    themes: '/dashboard/themes',
    send: {
      root: '/dashboard/send',
      user: '/dashboard/send/user',
      list: '/dashboard/send/list',
      group: '/dashboard/send/group',
      excel: '/dashboard/send/excel',
    },
    recipients: '/dashboard/recipient',
    recipientList: (id: string) => `/dashboard/recipient/${encodeURIComponent(id)}`,
    groups: '/dashboard/groups',
    group: (id: string) => `/dashboard/groups/${encodeURIComponent(id)}`,
    users: '/dashboard/users',
    usersAmount: '/dashboard/users/amount',
    userStatement: (id: string) => `/dashboard/users/statement/${encodeURIComponent(id)}`,
    mailbox: '/dashboard/mailbox',
    financial: {
      statement: '/dashboard/financial/statement',
      recharge: '/dashboard/financial/recharge',
      orders: '/dashboard/financial/orders',
      packages: '/dashboard/financial/packages',
      invoice: (id: string) => `/dashboard/financial/invoice/${encodeURIComponent(id)}`,
    },
    contact: '/dashboard/contact',
    settings: {
      profile: '/dashboard/settings/profile',
      security: '/dashboard/settings/security',
      senders: '/dashboard/settings/senders',
      userSenders: (id: string) => `/dashboard/settings/senders/${encodeURIComponent(id)}`,
      developer: {
        keys: '/dashboard/settings/developer/keys',
        webhooks: '/dashboard/settings/developer/webhooks',
        webhook: (id: string) => `/dashboard/settings/developer/webhooks/${encodeURIComponent(id)}`,
        reference: '/dashboard/settings/developer/http-v1',
      },
    },
    logs: {
      root: '/dashboard/logs',
      email: '/dashboard/logs/email',
      emailEntry: (id: string) => `/dashboard/logs/email/${encodeURIComponent(id)}`,
      suppressions: '/dashboard/logs/suppressions',
    },
    services: {
      root: '/dashboard/services',
      templates: '/dashboard/services/templates',
      creditAlert: '/dashboard/services/credit-alert',
    },
  },
  payment: {
    success: '/payment/success',
    failed: '/payment/failed',
  },
  /** The public landing page; each section is a route of its own (the router owns `#`). */
  landing: '/landing',
  landingSection: (section: string) => `/landing/${encodeURIComponent(section)}`,
  redirect307: '/307',
  forbidden: '/403',
} as const;
